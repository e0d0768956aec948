// Delivered leads, delivered referral clicks and purchase conversions are kept LEAD_RETENTION_DAYS after they
// were received, then deleted by the running server: once when it starts, then every hour (on Cloudflare, by
// the Worker's hourly Cron Trigger). A record the webhook has not taken yet is never deleted. The same pass
// forgets the rate limits' counts and client keys past the longest window, even when no request prunes them.
import { MAX_WINDOW_MS } from './rate-limit'
import type { RetainedTable, Store } from './store'

const DAY_MS = 24 * 60 * 60 * 1000
/** Rows per DELETE, so one pass never holds the write lock long; and at most this many per pass. */
const BATCH = 500
const MAX_BATCHES = 200

/** Deletes what is older than `days` in bounded batches of each table; returns how many rows of each. */
export async function purgeExpired(store: Store, now: number, days: number, { batch = BATCH, maxBatches = MAX_BATCHES } = {}) {
  const cutoff = now - days * DAY_MS
  const purged: Record<RetainedTable, number> = { leads: 0, clicks: 0, conversions: 0 }
  for (const table of ['leads', 'clicks', 'conversions'] as const) {
    for (let round = 0; round < maxBatches; round++) {
      const count = await store.deleteExpired(table, cutoff, batch)
      purged[table] += count
      if (count < batch) break
    }
  }
  return purged
}

/** One retention pass: purgeExpired, then the rate limits' old counts and client keys forgotten; logs what it deleted. */
export async function retentionPass(store: Store, now: number, days: number): Promise<void> {
  const { leads, clicks, conversions } = await purgeExpired(store, now, days)
  const deleted = [`${leads} delivered lead(s)`, `${clicks} delivered click(s)`, `${conversions} conversion(s)`].filter((part) => !part.startsWith('0 '))
  if (deleted.length > 0) console.log(`retention: deleted ${deleted.join(', ')} received more than ${days} days ago`)
  await store.forgetRequestsBefore(now - MAX_WINDOW_MS)
}

/** Runs retentionPass now and then every `intervalMs` (an hour); `stop()` waits for a pass under way, so the store can close after it. */
export function startLeadRetention(store: Store, options: { days: number; intervalMs?: number; now?: () => number }) {
  let running: Promise<void> | undefined
  const pass = () => {
    const now = (options.now ?? Date.now)()
    running ??= retentionPass(store, now, options.days)
      .catch((error: unknown) => console.error('retention: failed:', (error as Error).message))
      .finally(() => (running = undefined))
  }
  pass()
  const timer = setInterval(pass, options.intervalMs ?? 60 * 60 * 1000)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
