import { emailMatchKey } from '../lib/universal/lead'
import type { Database } from './database'

// The store's side of a privacy request (server/privacy.ts): every lead stored under an e-mail address,
// found by the address's match key (emailMatchKey) however it is spelled, and the rate limits' request
// counts of the clients that sent them. Reached as `store.privacy`.

/** Leads stored before email_key existed get their key filled in this many at a time. */
const KEY_BATCH = 500

/** The rate limit rows of a client: the part of `"<endpoint path> <client key>"` after the first space is the client key. */
const RATE_LIMIT_CLIENT = "substr(key, instr(key, ' ') + 1)"

export class PrivacyRecords {
  constructor(private readonly db: Database) {}

  /**
   * Fills in the email_key of leads stored without one (before migration 4, or by an older release still
   * running), in batches; returns how many. SQL cannot compute the key (NFKC), so this code does.
   */
  async fillEmailKeys(): Promise<number> {
    let filled = 0
    for (;;) {
      const rows = (await this.db.read({ sql: 'SELECT id, email FROM leads WHERE email_key IS NULL ORDER BY id LIMIT ?', args: [KEY_BATCH] })).rows
      if (rows.length === 0) return filled
      const values = rows.map(() => '(?, ?)').join(', ')
      const result = await this.db.write({
        sql: `WITH keyed (id, email_key) AS (VALUES ${values})
              UPDATE leads SET email_key = (SELECT email_key FROM keyed WHERE keyed.id = leads.id)
              WHERE email_key IS NULL AND id IN (SELECT id FROM keyed)`,
        args: rows.flatMap((row) => [Number(row.id), emailMatchKey(String(row.email))]),
      })
      filled += result.rowsAffected
      if (rows.length < KEY_BATCH) return filled
    }
  }

  /**
   * Every lead stored for this address, however it is spelled (emailMatchKey), with its outbox state. Leads
   * stored without a key (by an older release still running) get theirs first.
   */
  async leadsByEmail(email: string): Promise<Array<Record<string, unknown>>> {
    await this.fillEmailKeys()
    const rows = await this.db.read({ sql: 'SELECT * FROM leads WHERE email_key = ? ORDER BY id', args: [emailMatchKey(email)] })
    return rows.rows
  }

  /**
   * Deletes every lead stored for this address, however it is spelled (their outbox state is in the same
   * rows), and every request count of the clients that sent them in the last hour (the leads whose client
   * key is still kept), whichever endpoint it counts. The counts go first: a failure in between leaves
   * the leads, with their client keys, for the same request to find again. Returns how many of each.
   */
  async deleteLeadsByEmail(email: string): Promise<{ leads: number; rateLimits: number }> {
    await this.fillEmailKeys()
    const key = emailMatchKey(email)
    const rateLimits = await this.db.write({
      sql: `DELETE FROM rate_limits WHERE ${RATE_LIMIT_CLIENT} IN (SELECT client_key FROM leads WHERE email_key = ? AND client_key IS NOT NULL)`,
      args: [key],
    })
    const leads = await this.db.write({ sql: 'DELETE FROM leads WHERE email_key = ?', args: [key] })
    return { leads: leads.rowsAffected, rateLimits: rateLimits.rowsAffected }
  }

  /** The rate limits' request counts under these client keys, whichever endpoint they count. */
  async requestCounts(clients: readonly string[]): Promise<Array<Record<string, unknown>>> {
    if (clients.length === 0) return []
    const rows = await this.db.read({
      sql: `SELECT key, window_start, count FROM rate_limits WHERE ${RATE_LIMIT_CLIENT} IN (${clients.map(() => '?').join(', ')}) ORDER BY key`,
      args: [...clients],
    })
    return rows.rows
  }
}
