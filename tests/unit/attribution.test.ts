import { describe, expect, it } from 'vitest'
import { conversionRecord, readGaClientId, readUtm } from '../../lib/universal/attribution'
import { memoryStorage } from './memory-storage'

const NOW = 1_700_000_000_000

describe('readGaClientId', () => {
  it('joins the third and fourth parts of the _ga cookie, and answers null when the cookie is missing, short or has empty parts', () => {
    expect(readGaClientId('_ga=GA1.1.123456789.1700000000')).toBe('123456789.1700000000')
    expect(readGaClientId('a=1; _ga=GA1.2.111.222; b=2')).toBe('111.222')
    expect(readGaClientId('_ga=GA1.2.111.222.extra')).toBe('111.222')
    for (const cookie of ['', 'a=1', '_ga=', '_ga=GA1.1.123', '_ga=GA1..123.456', '_ga=GA1.1.123.', '_gat=GA1.1.1.2', 'x_ga=GA1.1.1.2']) {
      expect(readGaClientId(cookie), cookie).toBeNull()
    }
  })
})

describe('readUtm', () => {
  it('reads the three UTM parameters trimmed, a missing or blank one as null, never an empty string, cut to 200 characters, never leaving half of an emoji at the cut', () => {
    expect(readUtm(new URLSearchParams('utm_source=%20news%20&utm_medium=email&utm_campaign=launch'))).toEqual({
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'launch',
    })
    expect(readUtm(new URLSearchParams('utm_source=&utm_medium=%20%20'))).toEqual({ utm_source: null, utm_medium: null, utm_campaign: null })
    const utm = readUtm(new URLSearchParams({ utm_source: 'a'.repeat(250), utm_medium: 'b'.repeat(200), utm_campaign: `${'a'.repeat(199)}😀tail` }))
    expect(utm).toEqual({ utm_source: 'a'.repeat(200), utm_medium: 'b'.repeat(200), utm_campaign: 'a'.repeat(199) })
  })
})

describe('conversionRecord', () => {
  it('collects session, referral, analytics id and UTM from the page', () => {
    expect(
      conversionRecord({
        search: new URLSearchParams('session_id=cs_test_123&ref=PARTNER&utm_source=news&utm_medium=email&utm_campaign=q4'),
        storage: memoryStorage(),
        cookie: '_ga=GA1.1.42.1700000000; al_ref=COOKIE',
        now: NOW,
      }),
    ).toEqual({
      session_id: 'cs_test_123',
      ref_code: 'PARTNER',
      ga_client_id: '42.1700000000',
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'q4',
    })
  })

  it('sends null for every absent value, and the session id trimmed, dropping a blank or over-long one', () => {
    expect(conversionRecord({ search: new URLSearchParams(), storage: null, cookie: '', now: NOW })).toEqual({
      session_id: null,
      ref_code: null,
      ga_client_id: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    })
    // The session id trimmed, a blank or over-long one dropped.
    const sessionId = (value: string) =>
      conversionRecord({ search: new URLSearchParams({ session_id: value }), storage: null, cookie: '', now: NOW }).session_id
    expect(sessionId('  cs_1  ')).toBe('cs_1')
    expect(sessionId('   ')).toBeNull()
    expect(sessionId('x'.repeat(255))).toBe('x'.repeat(255))
    expect(sessionId('x'.repeat(256))).toBeNull()
  })
})
