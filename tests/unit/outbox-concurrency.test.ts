// The outbox's calls side by side (server/outbox.ts): a hanging call delays no other, a row is never sent
// twice at once, at most MAX_IN_FLIGHT calls per webhook, deliverNow, stop(), and 1,000 leads' throughput.
import { describe, expect, it } from 'vitest'
import { MAX_IN_FLIGHT, Outbox } from '../../server/outbox'
import { CLICK, deliveryKeys, fakeWebhook, lead, ok, sleep, storeOpener, withOutbox, type WebhookCall } from './outbox-fixture'

const openStore = storeOpener()

describe('sending', () => {
  it('sends a new record while another call hangs', async () => {
    const answered: string[] = []
    let hangs: string | undefined
    const answer = (call: WebhookCall) => {
      if (call.key === hangs) return // never answered
      ok(call)
      answered.push(call.key)
    }
    await withOutbox(openStore, { answer }, async ({ store, outbox, hook }) => {
      await store.addLead(lead(1), Date.now())
      ;[hangs] = await deliveryKeys(store, 'leads')
      const hanging = outbox.flush()
      await store.addLead(lead(2), Date.now())
      expect(await outbox.flush()).toBe(1)
      expect(answered).toEqual((await deliveryKeys(store, 'leads')).slice(1))
      await hook.close()
      expect(await hanging).toBe(0)
    })
  })

  it('gives a flush called while a pass is claiming a pass of its own, so a record stored meanwhile is not left for the poll', async () => {
    const keys: string[] = []
    const answer = (call: WebhookCall) => {
      keys.push(call.key)
      ok(call)
    }
    await withOutbox(openStore, { answer }, async ({ store, outbox }) => {
      // A claim that takes 100 ms after it has taken its rows, so the second flush comes while it runs.
      const claimDue = store.claimDue.bind(store)
      store.claimDue = async (...args) => {
        const rows = await claimDue(...args)
        await sleep(100)
        return rows
      }
      await store.addLead(lead(1), Date.now())
      const first = outbox.flush()
      await store.addLead(lead(2), Date.now())
      const second = outbox.flush()
      expect(await Promise.all([first, second])).toEqual([1, 1])
      expect(keys).toEqual(await deliveryKeys(store, 'leads'))
    })
  })

  it('never sends a row twice at once from one process, even when the clock jumps past its lease', async () => {
    let clock = 1_000_000
    const held: WebhookCall[] = []
    await withOutbox(openStore, { answer: (call) => held.push(call), options: { now: () => clock } }, async ({ store, outbox }) => {
      await store.addLead(lead(1), clock)
      const first = outbox.flush()
      await expect.poll(() => held.length).toBe(1)
      clock += 24 * 60 * 60_000
      expect(await outbox.flush()).toBe(0)
      expect(held).toHaveLength(1)
      ok(held[0]!)
      expect(await first).toBe(1)
      expect((await store.rows('leads'))[0]).toMatchObject({ attempts: 1, delivered_at: clock })
    })
  })

  it(`has at most ${MAX_IN_FLIGHT} calls in flight and claims only the rows it has slots for; a freed slot takes the next row`, async () => {
    const held: WebhookCall[] = []
    const delivered = new Map<string, number>()
    let open = 0
    let most = 0
    let release = false
    const answer = (call: WebhookCall) => {
      most = Math.max(most, ++open)
      call.response.on('close', () => open--)
      if (!release) return held.push(call)
      delivered.set(call.key, (delivered.get(call.key) ?? 0) + 1)
      ok(call)
    }
    const LEADS = MAX_IN_FLIGHT + 36
    await withOutbox(openStore, { answer }, async ({ store, outbox }) => {
      for (let index = 0; index < LEADS; index++) await store.addLead(lead(index), Date.now())
      const first = outbox.flush()
      await expect.poll(() => held.length).toBe(MAX_IN_FLIGHT)
      void outbox.flush()
      await sleep(300)
      expect(held.length).toBe(MAX_IN_FLIGHT)
      // The rows not being sent are not claimed: another process may take them meanwhile.
      const now = Date.now()
      expect((await store.rows('leads')).filter((row) => Number(row.next_attempt_at) > now)).toHaveLength(MAX_IN_FLIGHT)

      release = true
      for (const call of held.splice(0)) {
        delivered.set(call.key, 1)
        ok(call)
      }
      expect(await first).toBe(MAX_IN_FLIGHT)
      // No poll runs (start() was not called): each freed slot claims the next row itself.
      await expect.poll(async () => (await store.counts()).leads.delivered, { timeout: 5_000 }).toBe(LEADS)
      expect(delivered.size).toBe(LEADS)
      expect([...delivered.values()].every((count) => count === 1)).toBe(true)
      expect(most).toBe(MAX_IN_FLIGHT)
    })
  })

  it('deliverNow answers within the outbox timeout, with the same key, and never sends a row twice at once', async () => {
    const keys: string[] = []
    await withOutbox(openStore, { answer: (call) => keys.push(call.key), tables: ['clicks'], options: { timeoutMs: 300 } }, async ({ store, outbox }) => {
      const id = await store.addClick(CLICK, Date.now())
      const started = Date.now()
      const sent = outbox.deliverNow('clicks', id, 60_000)
      await expect.poll(() => keys.length).toBe(1)
      // A second call for the record sends nothing: it answers with the send under way.
      expect(await outbox.deliverNow('clicks', id, 3_000)).toEqual({ ok: false, error: 'timed out after 300 ms' })
      expect(await sent).toEqual({ ok: false, error: 'timed out after 300 ms' })
      expect(Date.now() - started).toBeLessThan(2_000)
      expect(keys).toEqual(await deliveryKeys(store, 'clicks'))
      expect((await store.rows('clicks'))[0]).toMatchObject({ attempts: 1, delivered_at: null })
    })
  })

  it('deliverNow of a click the poll claimed first answers with the webhook’s status, sent once', async () => {
    const keys: string[] = []
    const answer = (call: WebhookCall) => {
      keys.push(call.key)
      setTimeout(() => ok(call), 100)
    }
    await withOutbox(openStore, { answer, tables: ['clicks'] }, async ({ store, outbox }) => {
      const id = await store.addClick(CLICK, Date.now())
      // The poll's claim reaches the store before the relay's, as when it runs between the click's insert and the relay.
      const polled = outbox.flush()
      expect(await outbox.deliverNow('clicks', id, 3_000)).toEqual({ ok: true, status: 'ok' })
      expect(await polled).toBe(1)
      expect(keys).toEqual(await deliveryKeys(store, 'clicks'))
    })
  })

  it('stop() waits for the calls in flight and records them; a stopped outbox claims nothing', async () => {
    let calls = 0
    const answer = (call: WebhookCall) => {
      calls++
      setTimeout(() => ok(call), 300)
    }
    await withOutbox(openStore, { answer, tables: ['leads', 'clicks'] }, async ({ store, outbox }) => {
      await store.addLead(lead(1), Date.now())
      void outbox.flush()
      await expect.poll(() => calls).toBe(1)
      await outbox.stop()
      expect((await store.counts()).leads).toEqual({ pending: 0, delivered: 1 })

      await store.addLead(lead(2), Date.now())
      const click = await store.addClick(CLICK, Date.now())
      expect(await outbox.flush()).toBe(0)
      expect(await outbox.deliverNow('clicks', click, 3_000)).toEqual({ ok: false, error: 'outbox stopped' })
      expect(calls).toBe(1)
    })
  })

  it('keeps one pool of calls per webhook: a score webhook that hangs on every call never delays a click', async () => {
    const store = await openStore()
    let hanging = 0
    const scoreHook = await fakeWebhook(() => hanging++) // never answers
    const affiliateHook = await fakeWebhook(ok)
    const outbox = new Outbox(
      store,
      { leads: { url: scoreHook.url, key: undefined }, clicks: { url: affiliateHook.url, key: undefined } },
      { timeoutMs: 20_000 },
    )
    try {
      for (let index = 0; index < MAX_IN_FLIGHT + 10; index++) await store.addLead(lead(index), Date.now())
      void outbox.flush()
      await expect.poll(() => hanging).toBe(MAX_IN_FLIGHT)
      const click = await store.addClick(CLICK, Date.now())
      const started = Date.now()
      expect(await outbox.deliverNow('clicks', click, 3_000)).toEqual({ ok: true, status: 'ok' })
      expect(Date.now() - started).toBeLessThan(1_000)
    } finally {
      await scoreHook.close()
      await outbox.stop()
      await store.close()
      await affiliateHook.close()
    }
  })

  it('delivers 1,000 stored leads to a fast local webhook, each exactly once, at 200 or more a second', async () => {
    const delivered = new Map<string, number>()
    const answer = (call: WebhookCall) => {
      delivered.set(call.key, (delivered.get(call.key) ?? 0) + 1)
      ok(call)
    }
    const LEADS = 1_000
    await withOutbox(openStore, { answer }, async ({ store, outbox }) => {
      for (let index = 0; index < LEADS; index++) await store.addLead(lead(index), Date.now())
      const started = performance.now()
      outbox.start()
      void outbox.flush()
      await expect.poll(async () => (await store.counts()).leads.delivered, { timeout: 20_000, interval: 50 }).toBe(LEADS)
      const seconds = (performance.now() - started) / 1000
      expect(delivered.size).toBe(LEADS)
      expect([...delivered.values()].every((count) => count === 1)).toBe(true)
      const rate = LEADS / seconds
      console.log(`throughput: ${LEADS} leads delivered exactly once in ${seconds.toFixed(2)} s: ${Math.round(rate)} deliveries/s`)
      expect(rate).toBeGreaterThanOrEqual(200)
    })
  }, 30_000)
})
