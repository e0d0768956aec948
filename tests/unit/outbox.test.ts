import { describe, expect, it } from 'vitest'
import { retryDelay, webhooksFromEnv } from '../../server/outbox'

describe('the outbox', () => {
  it('retries after 5 s, then doubles the wait, never waiting more than 10 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000])
    expect(retryDelay(8)).toBe(600_000)
    expect(retryDelay(50)).toBe(600_000)
  })

  it('sends nothing anywhere when no webhook is configured, and uses the key only with its URL', () => {
    expect(webhooksFromEnv({})).toEqual({})
    expect(webhooksFromEnv({ SCORE_WEBHOOK_KEY: 'secret' })).toEqual({})
    expect(webhooksFromEnv({ SCORE_WEBHOOK_URL: 'http://127.0.0.1:9/score', SCORE_WEBHOOK_KEY: 'k' })).toEqual({ leads: { url: 'http://127.0.0.1:9/score', key: 'k' } })
  })
})
