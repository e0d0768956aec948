import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_WINDOW_MS, RateLimiter } from '../../server/rate-limit'
import { Store } from '../../server/store'

const root = mkdtempSync(join(tmpdir(), 'rate-limit-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let databases = 0
const newDatabase = () => `file:${join(root, `db-${++databases}.db`)}`

async function withStore<T>(run: (store: Store, url: string) => Promise<T>): Promise<T> {
  const url = newDatabase()
  const store = await Store.open(url)
  try {
    return await run(store, url)
  } finally {
    await store.close()
  }
}

describe('the rate limiter', () => {
  it('refuses past the limit in one window, with the seconds until it resets, and allows again after; one limit for every server process', async () => {
    await withStore(async (first, url) => {
      const limiter = new RateLimiter(first, '/test', 2, 60_000)
      expect([await limiter.hit('a', 0), await limiter.hit('a', 1_000), await limiter.hit('a', 2_000)]).toEqual([0, 0, 58])
      expect(await limiter.hit('b', 2_000)).toBe(0)
      expect(await limiter.hit('a', 60_000)).toBe(0)
      const second = await Store.open(url)
      try {
        const [a, b] = [new RateLimiter(first, '/score', 3, 60_000), new RateLimiter(second, '/score', 3, 60_000)]
        const answers = [await a.hit('9.9.9.9', 0), await b.hit('9.9.9.9', 1), await a.hit('9.9.9.9', 2), await b.hit('9.9.9.9', 3)]
        expect(answers).toEqual([0, 0, 0, 60])
        // Each endpoint counts on its own.
        expect(await new RateLimiter(second, '/conversion', 3, 60_000).hit('9.9.9.9', 4)).toBe(0)
      } finally {
        await second.close()
      }
    })
  })

  it('keeps at most its bound of refused addresses in memory, 10 000 addresses against 100, and deletes the counts of windows that are over', async () => {
    await withStore(async (store, url) => {
      // A limit of 1: every address's second request is refused, and remembered in memory, up to the bound.
      const limiter = new RateLimiter(store, '/score', 1, 60_000, 100)
      const addresses = Array.from({ length: 10_000 }, (_, n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`)
      for (let from = 0; from < addresses.length; from += 1_000) {
        const chunk = addresses.slice(from, from + 1_000)
        await Promise.all(chunk.map((address) => limiter.hit(address, 1_000)))
        await Promise.all(chunk.map((address) => limiter.hit(address, 1_001)))
      }
      expect(limiter.refusedSize).toBe(100)
      // Forgotten in memory is not forgotten: the database still counts the first address as over its limit.
      expect(await limiter.hit(addresses[0]!, 1_002)).toBe(60)
      const counted = await store.countRows('rate_limits')
      expect(counted).toBe(10_000)

      // A request an hour later prunes every window that is over; the counts live on disk, in url's file.
      expect(url).toMatch(/^file:/)
      expect(await limiter.hit('10.0.0.0', 1_002 + MAX_WINDOW_MS + 60_000)).toBe(0)
      await expect.poll(() => store.countRows('rate_limits')).toBe(1)
    })
  })
})
