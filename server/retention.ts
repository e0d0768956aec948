import { MAX_WINDOW_MS } from './rate-limit'
import type { RetainedTable, Store } from './store'

// Delivered leads, delivered referral clicks and purchase conversions are kept LEAD_RETENTION_DAYS (365
// by default) after they were received, then deleted by the running server: once when it starts, then
// every hour (on Cloudflare, by the Worker's hourly Cron Trigger). A lead or click the webhook has not taken yet is never deleted. The same pass forgets the
// rate limits' counts and the leads' client keys older than the longest rate-limit window, so they go
// within the hour even when no request comes to prune them.

const DAY_MS = 24 * 60 * 60 * 1000
/** Rows per DELETE, so one pass never holds the write lock long; and at most this many per pass. */
const BATCH = 500
const MAX_BATCHES = 200

/** How many rows of each table one pass deleted. */
export type Purged = Record<RetainedTable, number>

const RETAINED: readonly RetainedTable[] = ['leads', 'clicks', 'conversions']

/**
 * Deletes delivered leads, delivered clicks and conversions received more than `days` before `now`, each
 * table in bounded batches (at most `maxBatches` of `batch` rows per table and pass); returns how many.
 */
export async function purgeExpired(store: Store, now: number, days: number, options: { batch?: number; maxBatches?: number } = {}): Promise<Purged> {
  const batch = options.batch ?? BATCH
  const cutoff = now - days * DAY_MS
  const purged: Purged = { leads: 0, clicks: 0, conversions: 0 }
  for (const table of RETAINED) {
    for (let round = 0; round < (options.maxBatches ?? MAX_BATCHES); round++) {
      const count = await store.deleteExpired(table, cutoff, batch)
      purged[table] += count
      if (count < batch) break
    }
  }
  return purged
}

/** What a pass deleted, for the log: `3 delivered lead(s), 120 delivered click(s)`; empty when nothing. */
export function describePurged(purged: Purged): string {
  const parts = [
    purged.leads > 0 ? `${purged.leads} delivered lead(s)` : '',
    purged.clicks > 0 ? `${purged.clicks} delivered click(s)` : '',
    purged.conversions > 0 ? `${purged.conversions} conversion(s)` : '',
  ]
  return parts.filter(Boolean).join(', ')
}

/** One retention pass: purgeExpired, then the rate limits' old counts and client keys forgotten; logs what it deleted. */
export async function retentionPass(store: Store, now: number, days: number): Promise<void> {
  const deleted = describePurged(await purgeExpired(store, now, days))
  if (deleted) console.log(`retention: deleted ${deleted} received more than ${days} days ago`)
  await store.forgetRequestsBefore(now - MAX_WINDOW_MS)
}

export interface LeadRetention {
  /** Stops the timer and waits for a pass under way, so the store can be closed after it. */
  stop(): Promise<void>
}

/** Runs retentionPass now and then every `intervalMs` (an hour) on a timer that does not keep the process alive. */
export function startLeadRetention(store: Store, options: { days: number; intervalMs?: number; now?: () => number }): LeadRetention {
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
