import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { retryDelay, webhooksFromEnv } from '../../server/outbox'
import { Store } from '../../server/store'

describe('the outbox', () => {
  it('retries after 5 s, then doubles the wait, never waiting more than 10 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000])
    expect(retryDelay(8)).toBe(600_000)
    expect(retryDelay(50)).toBe(600_000)
  })

  it('sends nothing anywhere when no webhook is configured, and uses the key only with its URL', () => {
    expect(webhooksFromEnv({})).toEqual({})
    expect(webhooksFromEnv({ SCORE_WEBHOOK_KEY: 'secret' })).toEqual({})
    expect(webhooksFromEnv({ SCORE_WEBHOOK_URL: 'http://127.0.0.1:9/score', SCORE_WEBHOOK_KEY: 'k' })).toEqual({
      leads: { url: 'http://127.0.0.1:9/score', key: 'k' },
    })
  })

  it('counts what waits and what was delivered, as `npm run outbox` prints it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'))
    const store = await Store.open(`file:${join(dir, 'site.db')}`)
    try {
      const lead = { first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/ada', email: 'ada@example.com', submitted_at: '2026-11-23T00:00:00.000Z' }
      const leadIds = [await store.addLead(lead, 1), await store.addLead(lead, 1), await store.addLead(lead, 1)]
      await store.markDelivered('leads', leadIds[0]!, 2)
      await store.addClick({ ref_code: 'P1', user_agent: null, referer: null, utm_source: null, utm_medium: null, utm_campaign: null, ga_client_id: null }, 1)
      await store.addConversion({ session_id: 'cs_1', ref_code: null, ga_client_id: null, utm_source: null, utm_medium: null, utm_campaign: null }, 1)
      expect(await store.counts()).toEqual({ leads: { pending: 2, delivered: 1 }, clicks: { pending: 1, delivered: 0 }, conversions: 1 })
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
