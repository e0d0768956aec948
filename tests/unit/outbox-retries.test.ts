// The outbox's retries (server/outbox.ts): the retry schedule, the Idempotency-Key kept across a retry, and
// the attempts a hanging call or a redirect ends, retried later.
import { describe, expect, it } from 'vitest'
import { Outbox, retryDelay } from '../../server/outbox'
import { CLICK, deliveryKeys, fakeWebhook, lead, ok, sleep, storeOpener, withOutbox, type WebhookCall } from './outbox-fixture'

const openStore = storeOpener()

describe('sending', () => {
  it('retries after 5 s, then doubles the wait, never waiting more than 10 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000])
    expect(retryDelay(8)).toBe(600_000)
    expect(retryDelay(50)).toBe(600_000)
  })

  it('gives each call the Idempotency-Key made when its record was stored, the same on its retry', async () => {
    let clock = 1_000_000
    const keys: string[] = []
    const answer = (call: WebhookCall) => {
      keys.push(call.key)
      // The first attempt of each record fails.
      if (keys.filter((key) => key === call.key).length === 1) call.response.writeHead(503).end()
      else ok(call)
    }
    await withOutbox(openStore, { answer, tables: ['leads', 'clicks'], options: { now: () => clock } }, async ({ store, outbox }) => {
      await store.addLead(lead(1), clock)
      await store.addClick(CLICK, clock)
      expect(await outbox.flush()).toBe(0)
      clock += retryDelay(1)
      expect(await outbox.flush()).toBe(2)
      const [leadKey, clickKey] = [...(await deliveryKeys(store, 'leads')), ...(await deliveryKeys(store, 'clicks'))]
      expect(keys.sort()).toEqual([clickKey, clickKey, leadKey, leadKey])
      expect(await store.counts()).toMatchObject({ leads: { pending: 0, delivered: 1 }, clicks: { pending: 0, delivered: 1 } })
    })
  })

  it('gives the first lead of two databases, and of two databases’ clicks, keys of their own: one webhook behind both drops neither', async () => {
    const keys: string[] = []
    const hook = await fakeWebhook((call) => {
      keys.push(call.key)
      ok(call)
    })
    try {
      for (const site of ['staging', 'production']) {
        const store = await openStore()
        const outbox = new Outbox(store, { leads: { url: hook.url, key: 'k' }, clicks: { url: hook.url, key: 'k' } })
        await store.addLead(lead(1), Date.now())
        await store.addClick(CLICK, Date.now())
        expect(await outbox.flush(), site).toBe(2)
        await outbox.stop()
        await store.close()
      }
      expect(keys).toHaveLength(4)
      expect(new Set(keys).size).toBe(4)
      expect(keys.filter((key) => key.startsWith('lead-'))).toHaveLength(2)
    } finally {
      await hook.close()
    }
  })

  it('aborts a call that hangs at its timeout, before the lease on its row ends, and retries it 5 s later', async () => {
    const calls: number[] = []
    const cutAfter: number[] = []
    const answer = (call: WebhookCall) => {
      const at = Date.now()
      calls.push(at)
      call.response.on('close', () => cutAfter.push(Date.now() - at))
    }
    await withOutbox(openStore, { answer, options: { timeoutMs: 300 } }, async ({ store, outbox }) => {
      await store.addLead(lead(1), Date.now())
      const claimedFrom = Date.now()
      const flushed = outbox.flush()
      await expect.poll(() => calls.length).toBe(1)
      const leasedUntil = Number((await store.rows('leads'))[0]!.next_attempt_at)
      expect(await flushed).toBe(0)
      const abortedAt = Date.now()
      // The lease is the timeout plus a margin for writing the outcome, counted from the claim.
      expect(leasedUntil - claimedFrom).toBeGreaterThanOrEqual(5_300)
      expect(leasedUntil - abortedAt).toBeGreaterThan(4_000)
      await expect.poll(() => cutAfter.length).toBe(1)
      expect(cutAfter[0]).toBeLessThan(1_000)
      const [row] = await store.rows('leads')
      expect(row).toMatchObject({ attempts: 1, last_error: 'timed out after 300 ms', delivered_at: null })
      expect(Number(row!.next_attempt_at) - abortedAt).toBeGreaterThan(4_500)
    })
  })

  it('follows no redirect: the record and its api-key never reach the origin a 307 names, and the attempt is retried later', async () => {
    const store = await openStore()
    const elsewhere: WebhookCall[] = []
    const other = await fakeWebhook((call) => {
      elsewhere.push(call)
      ok(call)
    })
    const redirecting = await fakeWebhook((call) => call.response.writeHead(307, { location: other.url }).end())
    const warnings: string[] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '))
    const outbox = new Outbox(store, {
      leads: { url: redirecting.url, key: 'secret-score-key' },
      clicks: { url: redirecting.url, key: 'secret-affiliate-key' },
    })
    try {
      await store.addLead(lead(1), Date.now())
      expect(await outbox.flush()).toBe(0)
      // The affiliate relay (deliverNow) sends the same way.
      const click = await store.addClick(CLICK, Date.now())
      expect(await outbox.deliverNow('clicks', click, 3_000)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^HTTP 307 redirect to .* not followed$/),
      })
      await sleep(200)
      expect(elsewhere).toHaveLength(0)
      const [row] = await store.rows('leads')
      expect(row).toMatchObject({ attempts: 1, delivered_at: null, last_error: `HTTP 307 redirect to "${other.url}" not followed` })
      expect(Number(row!.next_attempt_at)).toBeGreaterThan(Date.now() + 4_000)
      expect(warnings.some((line) => line.includes(String(row!.delivery_key)) && line.includes(other.url))).toBe(true)
    } finally {
      console.warn = warn
      await outbox.stop()
      await store.close()
      await redirecting.close()
      await other.close()
    }
  })
})
