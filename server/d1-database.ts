// The store's connection on Cloudflare: D1 is SQLite (the same SQL and migrations) and commits each statement itself, with no log to checkpoint.
import type { Database, Result, Statement } from './database'

export interface D1Like {
  prepare(sql: string): {
    bind(...values: unknown[]): {
      all(): Promise<{ results: Array<Record<string, unknown>>; meta: { changes?: number; last_row_id?: number } }>
    }
  }
}

/** Its schema is brought up to date by `wrangler d1 migrations apply`, never here. */
export function d1Database(db: D1Like): Database {
  const query = async (statement: Statement | string): Promise<Result> => {
    const { sql, args = [] } = typeof statement === 'string' ? { sql: statement } : statement
    // all() rather than run(): a write with RETURNING (store.claimDue) needs its rows too.
    const prepared = db.prepare(sql).bind(...args)
    const { results, meta } = await prepared.all()
    return {
      rows: results.map((row) => ({ ...row })),
      rowsAffected: meta.changes ?? 0,
      // D1 reports the connection's last rowid even after a statement that inserted nothing; the store reads it only when a row was inserted.
      lastInsertRowid: meta.last_row_id ?? undefined,
    }
  }
  return { read: query, write: query, checkpoint: async () => undefined, close: async () => {} }
}
