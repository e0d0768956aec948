import type { Database } from './database'

// The store's side of the outbox (server/outbox.ts, worker/index.ts): the leads and clicks not yet
// delivered to their webhook, claimed for a lease so no two senders take one at once, and each attempt's
// outcome. Reached as `store.outbox`.

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

export class OutboxRows {
  constructor(private readonly db: Database) {}

  /** The ids of undelivered rows that are due, oldest first, without claiming them (the Worker's Cron Trigger enqueues them). */
  async dueIds(table: OutboxTable, now: number, limit: number): Promise<number[]> {
    const result = await this.db.read({
      sql: `SELECT id FROM ${table} WHERE delivered_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?`,
      args: [now, limit],
    })
    return result.rows.map((row) => Number(row.id))
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
   * What the outbox holds undelivered, leads and clicks together: how many, how many of those have
   * failed at least once, and when the oldest was received (epoch ms; null when none waits).
   */
  async backlog(): Promise<{ pending: number; failing: number; oldestPendingReceivedAt: number | null }> {
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
}
