// Delivered leads and clicks and all conversions are deleted LEAD_RETENTION_DAYS after they came, at start and hourly; an undelivered one never is.
import { MAX_WINDOW_MS } from './rate-limit'
import type { RetainedTable } from './records'
import type { Store } from './store'

const DAY_MS = 24 * 60 * 60 * 1000
/** Rows per DELETE, so one pass never holds the write lock long; and at most this many per pass. */
const BATCH = 500
const MAX_BATCHES = 200

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

/** purgeExpired, then the rate limits' old counts and client keys forgotten, even when no request prunes them. */
export async function retentionPass(store: Store, now: number, days: number): Promise<void> {
  const { leads, clicks, conversions } = await purgeExpired(store, now, days)
  const deleted = [`${leads} delivered lead(s)`, `${clicks} delivered click(s)`, `${conversions} conversion(s)`].filter((part) => !part.startsWith('0 '))
  if (deleted.length > 0) console.log(`retention: deleted ${deleted.join(', ')} received more than ${days} days ago`)
  await store.forgetRequestsBefore(now - MAX_WINDOW_MS)
}

/** `stop()` waits for a pass under way, so the store can close after it. */
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
