/** A fixed-window request counter per client address: `limit` requests per `windowMs`. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one request; returns 0 when allowed, else the seconds until the window resets (for Retry-After). */
  hit(address: string, now: number): number {
    const window = this.windows.get(address)
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.prune(now)
      this.windows.set(address, { start: now, count: 1 })
      return 0
    }
    window.count++
    return window.count <= this.limit ? 0 : Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000))
  }

  private prune(now: number) {
    for (const [address, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(address)
  }
}
