import type { ConversionRecord } from '../lib/universal/attribution'
import type { Lead } from '../lib/universal/lead'
import { openDatabase, type Database, type OpenOptions } from './database'

// Every lead, click and conversion is written here before the browser gets an answer.

export interface StoredLead extends Lead {
  submitted_at: string
}

export interface ClickRecord {
  ref_code: string
  user_agent: string | null
  referer: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  ga_client_id: string | null
}

/** The tables the outbox forwards to a webhook. */
export type OutboxTable = 'leads' | 'clicks'

export interface OutboxRow {
  id: number
  attempts: number
  payload: Record<string, unknown>
}

const PAYLOAD_COLUMNS: Record<OutboxTable, readonly string[]> = {
  leads: ['first_name', 'linkedin_url', 'email', 'submitted_at'],
  clicks: ['ref_code', 'user_agent', 'referer', 'utm_source', 'utm_medium', 'utm_campaign', 'ga_client_id'],
}

export class Store {
  private constructor(private readonly db: Database) {}

  /**
   * Opens (and creates) the database at `url` (DATABASE_URL, else a file under data/) with its schema up
   * to date; see server/database.ts for how it is reached without blocking the server.
   */
  static async open(url?: string, options: OpenOptions = {}): Promise<Store> {
    return new Store(await openDatabase(url, options))
  }

  async addLead(lead: StoredLead, now: number): Promise<number> {
    return (await this.insertLead(lead, now, null, 0))!
  }

  /**
   * Stores a lead unless one with the same `key` was received in the `windowMs` before `now`; returns its
   * id, or null for such a duplicate. One statement, so two processes cannot both insert the same lead.
   */
  async addLeadOnce(lead: StoredLead, now: number, dedupe: { key: string; windowMs: number }): Promise<number | null> {
    return this.insertLead(lead, now, dedupe.key, dedupe.windowMs)
  }

  private async insertLead(lead: StoredLead, now: number, key: string | null, windowMs: number): Promise<number | null> {
    const result = await this.db.write({
      sql: `INSERT INTO leads (first_name, linkedin_url, email, submitted_at, received_at, next_attempt_at, dedupe_key)
            SELECT ?, ?, ?, ?, ?, ?, ? WHERE ?7 IS NULL OR NOT EXISTS (SELECT 1 FROM leads WHERE dedupe_key = ?7 AND received_at > ?)`,
      args: [lead.first_name, lead.linkedin_url, lead.email, lead.submitted_at, now, now, key, now - windowMs],
    })
    return result.rowsAffected === 1 ? Number(result.lastInsertRowid) : null
  }

  async addClick(click: ClickRecord, now: number): Promise<number> {
    const result = await this.db.write({
      sql: `INSERT INTO clicks (ref_code, user_agent, referer, utm_source, utm_medium, utm_campaign, ga_client_id, received_at, next_attempt_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [click.ref_code, click.user_agent, click.referer, click.utm_source, click.utm_medium, click.utm_campaign, click.ga_client_id, now, now],
    })
    return Number(result.lastInsertRowid)
  }

  /** Stores a conversion; the same session_id a second time is the same conversion (returns false). */
  async addConversion(record: ConversionRecord, now: number): Promise<boolean> {
    const result = await this.db.write({
      sql: `INSERT INTO conversions (session_id, ref_code, ga_client_id, utm_source, utm_medium, utm_campaign, received_at)
            VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(session_id) DO NOTHING`,
      args: [record.session_id, record.ref_code, record.ga_client_id, record.utm_source, record.utm_medium, record.utm_campaign, now],
    })
    return result.rowsAffected === 1
  }

  /**
   * Claims undelivered rows that are due: pushes their next attempt `leaseMs` ahead so no other sender
   * takes them meanwhile, and returns them with their webhook payload. `id` limits it to one row.
   */
  async claimDue(table: OutboxTable, now: number, leaseMs: number, options: { id?: number; limit?: number } = {}): Promise<OutboxRow[]> {
    const columns = PAYLOAD_COLUMNS[table]
    const where = options.id === undefined ? '' : 'AND id = ?'
    const rows = await this.db.write({
      sql: `UPDATE ${table} SET next_attempt_at = ? WHERE id IN (
              SELECT id FROM ${table} WHERE delivered_at IS NULL AND next_attempt_at <= ? ${where} ORDER BY id LIMIT ?)
            RETURNING id, attempts, ${columns.join(', ')}`,
      args: [now + leaseMs, now, ...(options.id === undefined ? [] : [options.id]), options.limit ?? 20],
    })
    return rows.rows.map((row) => ({
      id: Number(row.id),
      attempts: Number(row.attempts),
      payload: Object.fromEntries(columns.map((column) => [column, row[column] ?? null])),
    }))
  }

  async markDelivered(table: OutboxTable, id: number, now: number): Promise<void> {
    await this.db.write({
      sql: `UPDATE ${table} SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ? AND delivered_at IS NULL`,
      args: [now, id],
    })
  }

  async markFailed(table: OutboxTable, id: number, nextAttemptAt: number, error: string): Promise<void> {
    await this.db.write({
      sql: `UPDATE ${table} SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ? AND delivered_at IS NULL`,
      args: [nextAttemptAt, error.slice(0, 500), id],
    })
  }

  /**
   * Counts one request under `key` in its fixed window of `windowMs` (a new window starts at the first
   * request after the last one ended); returns the window's count so far and when it started. One
   * statement, so every process sharing the database counts into the same window.
   */
  async countRequest(key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }> {
    const result = await this.db.write({
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

  /** Forgets the request counts of windows that started before `cutoff` (epoch ms); returns how many. */
  async forgetRequestsBefore(cutoff: number): Promise<number> {
    return (await this.db.write({ sql: 'DELETE FROM rate_limits WHERE window_start < ?', args: [cutoff] })).rowsAffected
  }

  /** Pending and delivered counts per table, and conversions stored. */
  async counts(): Promise<Record<OutboxTable, { pending: number; delivered: number }> & { conversions: number }> {
    const delivery = async (table: OutboxTable) => {
      const row = (await this.db.read(`SELECT count(*) - count(delivered_at) AS pending, count(delivered_at) AS delivered FROM ${table}`)).rows[0]
      return { pending: Number(row?.pending ?? 0), delivered: Number(row?.delivered ?? 0) }
    }
    return { leads: await delivery('leads'), clicks: await delivery('clicks'), conversions: await this.countRows('conversions') }
  }

  /** How many rows a table holds. */
  async countRows(table: OutboxTable | 'conversions' | 'rate_limits'): Promise<number> {
    return Number((await this.db.read(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n ?? 0)
  }

  /** Raw rows, for tests and the outbox report. */
  async rows(table: OutboxTable | 'conversions'): Promise<Array<Record<string, unknown>>> {
    return (await this.db.read(`SELECT * FROM ${table} ORDER BY id`)).rows
  }

  close(): Promise<void> {
    return this.db.close()
  }

  /**
   * What the outbox holds undelivered, leads and clicks together: how many, how many of those have
   * failed at least once, and when the oldest was received (epoch ms; null when none waits).
   */
  async outboxBacklog(): Promise<{ pending: number; failing: number; oldestPendingReceivedAt: number | null }> {
    const row = (
      await this.db.read(
        `SELECT count(*) AS pending, coalesce(sum(attempts > 0 OR last_error IS NOT NULL), 0) AS failing, min(received_at) AS oldest FROM (
           SELECT attempts, last_error, received_at FROM leads WHERE delivered_at IS NULL
           UNION ALL SELECT attempts, last_error, received_at FROM clicks WHERE delivered_at IS NULL)`,
      )
    ).rows[0]
    return {
      pending: Number(row?.pending ?? 0),
      failing: Number(row?.failing ?? 0),
      oldestPendingReceivedAt: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
    }
  }

  /** Every lead stored for this address, whatever the case of its letters, with its outbox state. */
  async leadsByEmail(email: string): Promise<Array<Record<string, unknown>>> {
    const rows = await this.db.read({ sql: 'SELECT * FROM leads WHERE lower(email) = lower(?) ORDER BY id', args: [email] })
    return rows.rows
  }

  /** Deletes every lead stored for this address (its outbox state is in the same row); returns how many. */
  async deleteLeadsByEmail(email: string): Promise<number> {
    return (await this.db.write({ sql: 'DELETE FROM leads WHERE lower(email) = lower(?)', args: [email] })).rowsAffected
  }

  /** Deletes at most `limit` delivered leads received before `cutoff` (epoch ms); never an undelivered one. Returns how many. */
  async deleteDeliveredLeadsBefore(cutoff: number, limit: number): Promise<number> {
    const result = await this.db.write({
      sql: 'DELETE FROM leads WHERE id IN (SELECT id FROM leads WHERE delivered_at IS NOT NULL AND received_at < ? ORDER BY id LIMIT ?)',
      args: [cutoff, limit],
    })
    return result.rowsAffected
  }

  /** SQLite's own check of every page of the file (`PRAGMA quick_check`): the problems it finds, none when the file is sound. */
  async quickCheck(): Promise<string[]> {
    const problems = (await this.db.read('PRAGMA quick_check')).rows.map((row) => String(Object.values(row)[0]))
    return problems.length === 1 && problems[0] === 'ok' ? [] : problems
  }
}
