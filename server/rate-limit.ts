import { LRUCache } from 'lru-cache'

/** Clients remembered at once per limiter: past this, the one seen longest ago is forgotten, in O(1). */
const DEFAULT_MAX_CLIENTS = 100_000

/**
 * A fixed-window request counter per client key: `limit` requests per `windowMs`. Memory and the cost
 * of a request stay bounded however many clients there are: at most `maxClients` windows are kept, in
 * a least-recently-used cache (lru-cache) that drops the stalest one when a new client arrives.
 */
export class RateLimiter {
  private readonly windows: LRUCache<string, { start: number; count: number }>

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    maxClients = DEFAULT_MAX_CLIENTS,
  ) {
    this.windows = new LRUCache({ max: maxClients })
  }

  /** Counts one request; returns 0 when allowed, else the seconds until the window resets (for Retry-After). */
  hit(key: string, now: number): number {
    const window = this.windows.get(key)
    if (!window || now - window.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 })
      return 0
    }
    window.count++
    return window.count <= this.limit ? 0 : Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000))
  }

  /** How many clients are remembered now. */
  get size(): number {
    return this.windows.size
  }
}
