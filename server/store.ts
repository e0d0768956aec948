// Every lead, click and conversion, stored before the browser gets an answer. A lead row also holds its e-mail's match key
// and, for the rate limits' longest window only, its client's key, so a privacy deletion can remove that client's counts too.
import type { ConversionRecord } from '../lib/universal/attribution'
import { emailMatchKey } from '../lib/universal/lead'
import type { Checkpoint, Database, OpenOptions, Result, Statement } from './database'
import {
  CLICK_COLUMNS,
  INSERT_LEAD,
  LEAD_COLUMNS,
  PAYLOAD_COLUMNS,
  deliveryKeyOf,
  newDeliveryKey,
  type ClickRecord,
  type OutboxRow,
  type OutboxTable,
  type RetainedTable,
  type StoredLead,
} from './records'

/** How long a statement waits for a lock another process holds before it fails with SQLITE_BUSY (here, not in database.ts, which the Worker never loads). */
export const BUSY_TIMEOUT_MS = 5_000

const KEY_BATCH = 500
/** About a stored lead's row with its indexes. */
const PROBE_BYTES = 512

/** The rate limit rows of a client: the part of `"<endpoint path> <client key>"` after the first space is the client key. */
const RATE_LIMIT_CLIENT = "substr(key, instr(key, ' ') + 1)"

export class Store {
  /** Why the last write failed, until one succeeds again: meanwhile a lead may not be stored, so the instance is unhealthy. */
  writeFailure: string | undefined

  private constructor(private readonly db: Database) {}

  private async write(statement: Statement): Promise<Result> {
    try {
      const result = await this.db.write(statement)
      this.writeFailure = undefined
      return result
    } catch (error) {
      this.writeFailure = String((error as Error)?.message ?? error)
      throw error
    }
  }

  /** A write the size of a lead's row, of the store's own: the health check's probe, while writes fail, of whether they succeed again. */
  async probeWrite(now: number): Promise<void> {
    await this.write({
      sql: 'INSERT INTO health_probe (id, written_at, filler) VALUES (1, ?1, zeroblob(?2)) ON CONFLICT (id) DO UPDATE SET written_at = ?1, filler = zeroblob(?2)',
      args: [now, PROBE_BYTES],
    })
  }

  /** A store on a connection whose schema is already up to date, such as D1's (`wrangler d1 migrations apply`). */
  static fromDatabase = (db: Database): Store => new Store(db)

  static async open(url?: string, options: OpenOptions = {}): Promise<Store> {
    // Loaded here only: the Worker must never load the Node connection's module (worker threads, files on disk).
    const { openDatabase } = await import('./database')
    const store = new Store(await openDatabase(url, options))
    try {
      await store.fillEmailKeys()
    } catch (error) {
      await store.close()
      throw error
    }
    return store
  }

  addLead = async (lead: StoredLead, now: number, client: string | null = null) => (await this.addLeadOnce(lead, now, { key: null, windowMs: 0, client }))!

  /** Null when a lead with the same `key` came in the `windowMs` before `now`; one statement, so two processes cannot both store it. */
  async addLeadOnce(
    lead: StoredLead,
    now: number,
    { key, windowMs, client }: { key: string | null; windowMs: number; client?: string | null },
  ): Promise<number | null> {
    const result = await this.write({
      sql: INSERT_LEAD,
      args: [now, key, emailMatchKey(lead.email), client ?? null, now - windowMs, newDeliveryKey('leads'), ...LEAD_COLUMNS.map((column) => lead[column])],
    })
    return result.rowsAffected === 1 ? Number(result.lastInsertRowid) : null
  }

  async addClick(click: ClickRecord, now: number): Promise<number> {
    const result = await this.write({
      sql: `INSERT INTO clicks (${CLICK_COLUMNS.join(', ')}, received_at, next_attempt_at, delivery_key)
            VALUES (${CLICK_COLUMNS.map(() => '?').join(', ')}, ?, ?, ?)`,
      args: [...CLICK_COLUMNS.map((column) => click[column]), now, now, newDeliveryKey('clicks')],
    })
    return Number(result.lastInsertRowid)
  }

  /** False for a session_id stored before: the same conversion. */
  async addConversion(record: ConversionRecord, now: number): Promise<boolean> {
    const result = await this.write({
      sql: `INSERT INTO conversions (session_id, ref_code, ga_client_id, utm_source, utm_medium, utm_campaign, received_at)
            VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(session_id) DO NOTHING`,
      args: [record.session_id, record.ref_code, record.ga_client_id, record.utm_source, record.utm_medium, record.utm_campaign, now],
    })
    return result.rowsAffected === 1
  }

  /** One statement, so every process sharing the database counts into the same window. */
  async countRequest(key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }> {
    const result = await this.write({
      sql: `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
            ON CONFLICT (key) DO UPDATE SET
              count = CASE WHEN ?2 - window_start >= ?3 THEN 1 ELSE count + 1 END,
              window_start = CASE WHEN ?2 - window_start >= ?3 THEN ?2 ELSE window_start END
            RETURNING count, window_start`,
      args: [key, now, windowMs],
    })
    const row = result.rows[0]!
    return { count: Number(row.count), windowStart: Number(row.window_start) }
  }

  /** Forgets the request counts, and the leads' client keys, from before `cutoff`: a lead keeps its sender's address no longer than the limits do. */
  async forgetRequestsBefore(cutoff: number): Promise<number> {
    const [counts] = await Promise.all([
      this.write({ sql: 'DELETE FROM rate_limits WHERE window_start < ?', args: [cutoff] }),
      this.write({ sql: 'UPDATE leads SET client_key = NULL WHERE client_key IS NOT NULL AND received_at < ?', args: [cutoff] }),
    ])
    return counts.rowsAffected
  }

  async counts(): Promise<Record<OutboxTable, { pending: number; delivered: number }> & { conversions: number }> {
    const delivery = async (table: OutboxTable) => {
      const row = (await this.db.read(`SELECT count(*) - count(delivered_at) AS pending, count(delivered_at) AS delivered FROM ${table}`)).rows[0]
      return { pending: Number(row?.pending ?? 0), delivered: Number(row?.delivered ?? 0) }
    }
    return { leads: await delivery('leads'), clicks: await delivery('clicks'), conversions: await this.countRows('conversions') }
  }

  countRows = async (table: RetainedTable | 'rate_limits') => Number((await this.db.read(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n ?? 0)
  rows = async (table: RetainedTable | 'rate_limits') => (await this.db.read(`SELECT * FROM ${table} ORDER BY ${table === 'rate_limits' ? 'key' : 'id'}`)).rows

  close = (): Promise<void> => this.db.close()
  checkpoint = (): Promise<Checkpoint | undefined> => this.db.checkpoint()

  /** Deletes at most `limit` rows received before `cutoff`: leads and clicks only once delivered; conversions (sent nowhere) by age alone. */
  async deleteExpired(table: RetainedTable, cutoff: number, limit: number): Promise<number> {
    const delivered = table === 'conversions' ? '' : 'delivered_at IS NOT NULL AND'
    const sql = `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE ${delivered} received_at < ? LIMIT ?)`
    return (await this.write({ sql, args: [cutoff, limit] })).rowsAffected
  }

  async quickCheck(): Promise<string[]> {
    const problems = (await this.db.read('PRAGMA quick_check')).rows.map((row) => String(Object.values(row)[0]))
    return problems.length === 1 && problems[0] === 'ok' ? [] : problems
  }

  /** Without claiming them (the Worker's Cron Trigger enqueues them). */
  async dueIds(table: OutboxTable, now: number, limit: number): Promise<number[]> {
    const sql = `SELECT id FROM ${table} WHERE delivered_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?`
    return (await this.db.read({ sql, args: [now, limit] })).rows.map((row) => Number(row.id))
  }

  /** Claims due rows, pushing their next attempt `leaseMs` ahead so no other sender takes them meanwhile; `id` limits it to one. */
  async claimDue(table: OutboxTable, now: number, leaseMs: number, options: { id?: number; limit?: number } = {}): Promise<OutboxRow[]> {
    const columns = PAYLOAD_COLUMNS[table]
    const where = options.id === undefined ? '' : 'AND id = ?'
    const rows = await this.write({
      sql: `UPDATE ${table} SET next_attempt_at = ? WHERE id IN (
              SELECT id FROM ${table} WHERE delivered_at IS NULL AND next_attempt_at <= ? ${where} ORDER BY id LIMIT ?)
            RETURNING id, ${deliveryKeyOf(table)} AS delivery_key, attempts, ${columns.join(', ')}`,
      args: [now + leaseMs, now, ...(options.id === undefined ? [] : [options.id]), options.limit ?? 20],
    })
    return rows.rows.map((row) => ({
      id: Number(row.id),
      key: String(row.delivery_key),
      attempts: Number(row.attempts),
      payload: Object.fromEntries(columns.map((column) => [column, row[column] ?? null])),
    }))
  }

  async markDelivered(table: OutboxTable, id: number, now: number): Promise<void> {
    await this.write({
      sql: `UPDATE ${table} SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ? AND delivered_at IS NULL`,
      args: [now, id],
    })
  }

  async markFailed(table: OutboxTable, id: number, nextAttemptAt: number, error: string): Promise<void> {
    await this.write({
      sql: `UPDATE ${table} SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ? AND delivered_at IS NULL`,
      args: [nextAttemptAt, error.slice(0, 500), id],
    })
  }

  async backlog(): Promise<{ pending: number; failing: number; oldestPendingReceivedAt: number | null }> {
    const row = (
      await this.db.read(
        `SELECT count(*) AS pending, coalesce(sum(attempts > 0 OR last_error IS NOT NULL), 0) AS failing, min(received_at) AS oldest FROM (
           SELECT attempts, last_error, received_at FROM leads WHERE delivered_at IS NULL
           UNION ALL SELECT attempts, last_error, received_at FROM clicks WHERE delivered_at IS NULL)`,
      )
    ).rows[0]
    const oldest = row?.oldest ?? null
    return { pending: Number(row?.pending ?? 0), failing: Number(row?.failing ?? 0), oldestPendingReceivedAt: oldest === null ? null : Number(oldest) }
  }

  /** Fills in the email_key of leads stored without one (before migration 4, or by an older release): SQL cannot compute NFKC. */
  async fillEmailKeys(): Promise<number> {
    let filled = 0
    for (;;) {
      const rows = (await this.db.read({ sql: 'SELECT id, email FROM leads WHERE email_key IS NULL ORDER BY id LIMIT ?', args: [KEY_BATCH] })).rows
      if (rows.length === 0) return filled
      const values = rows.map(() => '(?, ?)').join(', ')
      const result = await this.write({
        sql: `WITH keyed (id, email_key) AS (VALUES ${values})
              UPDATE leads SET email_key = (SELECT email_key FROM keyed WHERE keyed.id = leads.id)
              WHERE email_key IS NULL AND id IN (SELECT id FROM keyed)`,
        args: rows.flatMap((row) => [Number(row.id), emailMatchKey(String(row.email))]),
      })
      filled += result.rowsAffected
      if (rows.length < KEY_BATCH) return filled
    }
  }

  async leadsByEmail(email: string): Promise<Array<Record<string, unknown>>> {
    await this.fillEmailKeys()
    return (await this.db.read({ sql: 'SELECT * FROM leads WHERE email_key = ? ORDER BY id', args: [emailMatchKey(email)] })).rows
  }

  /** The clients' request counts go first, so a failure in between leaves the leads for the same request to find again. */
  async deleteLeadsByEmail(email: string): Promise<{ leads: number; rateLimits: number }> {
    await this.fillEmailKeys()
    const key = emailMatchKey(email)
    const sql = `DELETE FROM rate_limits WHERE ${RATE_LIMIT_CLIENT} IN (SELECT client_key FROM leads WHERE email_key = ? AND client_key IS NOT NULL)`
    const rateLimits = await this.write({ sql, args: [key] })
    const leads = await this.write({ sql: 'DELETE FROM leads WHERE email_key = ?', args: [key] })
    return { leads: leads.rowsAffected, rateLimits: rateLimits.rowsAffected }
  }

  async requestCounts(clients: readonly string[]): Promise<Array<Record<string, unknown>>> {
    if (clients.length === 0) return []
    const sql = `SELECT key, window_start, count FROM rate_limits WHERE ${RATE_LIMIT_CLIENT} IN (${clients.map(() => '?').join(', ')}) ORDER BY key`
    return (await this.db.read({ sql, args: [...clients] })).rows
  }
}
