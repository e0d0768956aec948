import type { Store } from './store'

// Delivered leads are kept LEAD_RETENTION_DAYS (365 by default), then deleted by the running server:
// once when it starts, then every hour. A lead the webhook has not taken yet is never deleted.

export const DEFAULT_LEAD_RETENTION_DAYS = 365
const DAY_MS = 24 * 60 * 60 * 1000
/** Rows per DELETE, so one pass never holds the write lock long; and at most this many per pass. */
const BATCH = 500
const MAX_BATCHES = 200

/** LEAD_RETENTION_DAYS as a whole number of days, at least 1; throws, naming the variable, on anything else. */
export function leadRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LEAD_RETENTION_DAYS
  if (raw === undefined || raw === '') return DEFAULT_LEAD_RETENTION_DAYS
  const days = Number(raw)
  if (!Number.isInteger(days) || days < 1) throw new Error(`LEAD_RETENTION_DAYS must be a whole number of days, at least 1, got "${raw}"`)
  return days
}

/** Deletes delivered leads received more than `days` before `now`, in bounded batches; returns how many. */
export async function purgeExpiredLeads(store: Store, now: number, days: number, options: { batch?: number; maxBatches?: number } = {}): Promise<number> {
  const batch = options.batch ?? BATCH
  const cutoff = now - days * DAY_MS
  let deleted = 0
  for (let round = 0; round < (options.maxBatches ?? MAX_BATCHES); round++) {
    const count = await store.deleteDeliveredLeadsBefore(cutoff, batch)
    deleted += count
    if (count < batch) break
  }
  return deleted
}

export interface LeadRetention {
  /** Stops the timer and waits for a pass under way, so the store can be closed after it. */
  stop(): Promise<void>
}

/** Runs purgeExpiredLeads now and then every `intervalMs` (an hour) on a timer that does not keep the process alive. */
export function startLeadRetention(store: Store, options: { days: number; intervalMs?: number; now?: () => number }): LeadRetention {
  let running: Promise<void> | undefined
  const pass = () => {
    running ??= purgeExpiredLeads(store, (options.now ?? Date.now)(), options.days)
      .then((deleted) => {
        if (deleted > 0) console.log(`retention: deleted ${deleted} delivered lead(s) older than ${options.days} days`)
      })
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
