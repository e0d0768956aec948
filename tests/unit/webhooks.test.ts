import { describe, expect, it } from 'vitest'
import { outboxTimeoutFromEnv, webhooksFromEnv } from '../../server/settings'

// The outbox's webhooks and call timeout, read from the environment at start (server/settings.ts).

describe('the webhooks', () => {
  it('sends nothing anywhere when no webhook is configured, uses the key only with its URL, and refuses at start one over plain http off this machine unless ALLOW_HTTP_WEBHOOKS=1 says it is meant', () => {
    expect(webhooksFromEnv({})).toEqual({})
    expect(webhooksFromEnv({ SCORE_WEBHOOK_KEY: 'secret' })).toEqual({})
    expect(webhooksFromEnv({ SCORE_WEBHOOK_URL: 'http://127.0.0.1:9/score', SCORE_WEBHOOK_KEY: 'k' })).toEqual({
      leads: { url: 'http://127.0.0.1:9/score', key: 'k' },
    })
    expect(() => webhooksFromEnv({ SCORE_WEBHOOK_URL: 'http://hooks.example/score' })).toThrow(/SCORE_WEBHOOK_URL is plain http .*ALLOW_HTTP_WEBHOOKS=1/)
    expect(() => webhooksFromEnv({ AFFILIATE_WEBHOOK_URL: 'http://10.0.0.5/affiliate' })).toThrow(/AFFILIATE_WEBHOOK_URL is plain http/)
    expect(() => webhooksFromEnv({ SCORE_WEBHOOK_URL: 'hooks.example/score' })).toThrow(/SCORE_WEBHOOK_URL must be an absolute https:\/\/ URL/)
    expect(() => webhooksFromEnv({ SCORE_WEBHOOK_URL: 'ftp://hooks.example/score' })).toThrow(/SCORE_WEBHOOK_URL must be an https:\/\/ URL/)
    expect(webhooksFromEnv({ SCORE_WEBHOOK_URL: 'https://hooks.example/score' }).leads?.url).toBe('https://hooks.example/score')
    expect(webhooksFromEnv({ SCORE_WEBHOOK_URL: 'http://localhost:4180/score' }).leads?.url).toBe('http://localhost:4180/score')
    expect(webhooksFromEnv({ SCORE_WEBHOOK_URL: 'http://[::1]:4180/score' }).leads?.url).toBe('http://[::1]:4180/score')
    expect(webhooksFromEnv({ SCORE_WEBHOOK_URL: 'http://10.0.0.5/score', ALLOW_HTTP_WEBHOOKS: '1' }).leads?.url).toBe('http://10.0.0.5/score')
  })

  it('take OUTBOX_TIMEOUT_MS as their call timeout: 10 s by default, a positive whole number of ms when set, and refused otherwise', () => {
    expect(outboxTimeoutFromEnv({})).toBe(10_000)
    expect(outboxTimeoutFromEnv({ OUTBOX_TIMEOUT_MS: '1500' })).toBe(1_500)
    for (const bad of ['0', '-1', '2.5', 'ten']) expect(() => outboxTimeoutFromEnv({ OUTBOX_TIMEOUT_MS: bad }), bad).toThrow(/OUTBOX_TIMEOUT_MS/)
  })
})
