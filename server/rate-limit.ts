import { LRUCache } from 'lru-cache'
import type { Store } from './store'

/** Clients one process remembers as refused at once: past this, the one seen longest ago is forgotten, in O(1). */
const DEFAULT_MAX_REFUSED = 100_000
/** The longest window a limiter may have: counts older than this are deleted, whichever limiter wrote them. */
export const MAX_WINDOW_MS = 60 * 60_000
/** How often the counts of windows that are over are deleted, once per store. */
const PRUNE_EVERY_MS = 60_000
const lastPrune = new WeakMap<Store, number>()

// A fixed-window request counter per client key, in the database so every process shares the limit. A client over its
// limit is remembered in memory until its window ends, so a flood from it costs no database write.
export class RateLimiter {
  private readonly refusedUntil: LRUCache<string, number>

  constructor(
    private readonly store: Store,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    maxRefused = DEFAULT_MAX_REFUSED,
  ) {
    if (windowMs > MAX_WINDOW_MS) throw new Error(`A rate limit window is at most ${MAX_WINDOW_MS} ms; ${name} asks for ${windowMs}.`)
    this.refusedUntil = new LRUCache({ max: maxRefused })
  }

  /** Counts one request; resolves to 0 when allowed, else the seconds until the window resets (for Retry-After). */
  async hit(key: string, now: number): Promise<number> {
    const until = this.refusedUntil.get(key)
    if (until !== undefined && now < until) return secondsUntil(until, now)
    this.pruneNowAndThen(now)
    const { count, windowStart } = await this.store.countRequest(`${this.name} ${key}`, now, this.windowMs)
    if (count <= this.limit) return 0
    const end = windowStart + this.windowMs
    this.refusedUntil.set(key, end)
    return secondsUntil(end, now)
  }

  get refusedSize(): number {
    return this.refusedUntil.size
  }

  private pruneNowAndThen(now: number): void {
    if (now - (lastPrune.get(this.store) ?? 0) < PRUNE_EVERY_MS) return
    lastPrune.set(this.store, now)
    this.store.forgetRequestsBefore(now - MAX_WINDOW_MS).catch((error: unknown) => console.error('rate limit: pruning failed:', (error as Error).message))
  }
}

const secondsUntil = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000))
