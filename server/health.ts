import type { Context } from 'hono'
import { CACHE_CONTROL } from '../lib/universal/routes'
import type { Store } from './store'

// GET /healthz: is the database reachable, and how much waits in the outbox. For a load balancer or
// an uptime check; mounted by server/index.ts through createApp's `health` option.

export type HealthReport =
  | { status: 'ok'; database: 'ok'; outbox: { pending: number; failing: number; oldestPendingAgeSeconds: number | null } }
  | { status: 'unavailable'; database: string }

/** 200 and the outbox backlog when the database answers; 503 with the database's error when it does not. */
export async function checkHealth(store: Store, now: number = Date.now()): Promise<{ httpStatus: 200 | 503; report: HealthReport }> {
  try {
    // The backlog's query is the reachability check too: it throws when the database cannot be read.
    const backlog = await store.outboxBacklog()
    const oldestPendingAgeSeconds = backlog.oldestPendingReceivedAt === null ? null : Math.max(0, Math.floor((now - backlog.oldestPendingReceivedAt) / 1000))
    return {
      httpStatus: 200,
      report: { status: 'ok', database: 'ok', outbox: { pending: backlog.pending, failing: backlog.failing, oldestPendingAgeSeconds } },
    }
  } catch (error) {
    return { httpStatus: 503, report: { status: 'unavailable', database: String((error as Error).message ?? error).slice(0, 200) } }
  }
}

/** The Hono handler for HEALTH_PATH. */
export function healthHandler(store: Store, now: () => number = Date.now) {
  return async (c: Context) => {
    const { httpStatus, report } = await checkHealth(store, now())
    c.header('Cache-Control', CACHE_CONTROL.live)
    return c.json(report, httpStatus)
  }
}
