// Apart from server/database.ts, so that the outbox can read it on Cloudflare (worker/index.ts), where
// the Node connection to SQLite must never be loaded.

/** How long a statement waits for a lock another process holds before it fails with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5_000
