// What the score and affiliate webhooks get and the store keeps from the API (server/api.ts): formulas,
// markup and control characters refused or cleaned, normalised URLs and addresses, the server's time,
// and a capped User-Agent.
import { describe, expect, it } from 'vitest'
import { LEAD_MESSAGES } from '../../lib/universal/lead'
import { createApi } from '../../server/api'
import { USER_AGENT_MAX } from '../../server/endpoints'
import { Outbox } from '../../server/outbox'
import { SITE_ORIGIN, api, clock, form, forwarded, leadsFor, nextAddress, person, post, store, setUpLeadCaptureApi, webhook } from './lead-capture-fixture'

setUpLeadCaptureApi()

describe('what reaches the webhooks', () => {
  const formulas = ['=HYPERLINK("//evil.example";"x")', '+1+cmd|calc!A0', '@SUM(1+1)', '-2+3']

  it("refuses an e-mail, profile URL or name that starts like a spreadsheet formula or holds markup or a control character, with the form's message, storing none", async () => {
    const refusals: Array<[keyof ReturnType<typeof person>, string]> = [
      ...formulas.map((formula) => ['email', `${formula}@x.co`] as [keyof ReturnType<typeof person>, string]),
      ['email', '\tann@x.co'],
      ['email', '\rann@x.co'],
      ['email', 'ann@x.co\r\n'],
      ['email', 'an\u0000n@x.co'],
      ['linkedin_url', '=https://www.linkedin.com/in/ada'],
      ['linkedin_url', '\thttps://www.linkedin.com/in/ada'],
      ['linkedin_url', 'https://www.linkedin.com/in/ada\u0000x'],
      ['first_name', '\tAda'],
      ['first_name', 'Ada\r'],
      ['first_name', '<img src=x onerror=alert(1)>'],
      ['first_name', '=HYPERLINK("x")'],
    ]
    for (const [field, value] of refusals) {
      const lead = { ...person(), [field]: value }
      const json = await post(lead)
      expect(json.status, JSON.stringify(value)).toBe(400)
      expect(await json.json()).toEqual({ error: LEAD_MESSAGES[field], field })
      const page = await form(lead)
      expect(page.status).toBe(400)
      expect(await page.text()).toContain(LEAD_MESSAGES[field])
      expect(await leadsFor(lead.email)).toHaveLength(0)
    }
  })

  it('cleans a click’s fields of markup, control characters and formulas, keeps only an http(s) referer, and forwards exactly what it stored', async () => {
    const clickApi = createApi({
      store,
      outbox: new Outbox(store, { clicks: { url: webhook.url, key: undefined } }),
      now: () => clock,
      trustedHops: 1,
      siteOrigin: SITE_ORIGIN,
    })
    const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      clickApi.request('/affiliate-click', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.3.0.${nextAddress() % 250}`, ...headers },
        body: JSON.stringify(body),
      })
    expect(
      (
        await send({
          ref_code: 'CLEAN_1',
          user_agent: '<script>alert(1)</script>\u0000\r\nAgent/1',
          referer: 'javascript:alert(document.domain)',
          utm_source: '=HYPERLINK("//evil.example";"x")',
          utm_medium: ' +cpc',
          utm_campaign: 'spring\u2028sale',
          ga_client_id: '@SUM(1+1)',
        })
      ).status,
    ).toBe(200)
    expect((await send({ ref_code: 'CLEAN_2', referer: 'https://partner.example/post?a=1' }, { 'user-agent': '=cmd|calc\u0007' })).status).toBe(200)
    expect((await send({ ref_code: 'CLEAN_3', referer: 'data:text/html,<b>x</b>', utm_source: '===' })).status).toBe(200)

    const stored = new Map((await store.rows('clicks')).map((row) => [row.ref_code, row]))
    expect(stored.get('CLEAN_1')).toMatchObject({
      user_agent: 'scriptalert(1)/scriptAgent/1',
      referer: null,
      utm_source: 'HYPERLINK("//evil.example";"x")',
      utm_medium: 'cpc',
      utm_campaign: 'springsale',
      ga_client_id: 'SUM(1+1)',
    })
    expect(stored.get('CLEAN_2')).toMatchObject({ user_agent: 'cmd|calc', referer: 'https://partner.example/post?a=1' })
    expect(stored.get('CLEAN_3')).toMatchObject({ referer: null, utm_source: null })
    for (const ref of ['CLEAN_1', 'CLEAN_2', 'CLEAN_3']) {
      const sent = forwarded.filter((body) => body.ref_code === ref)
      expect(sent).toHaveLength(1)
      const row = stored.get(ref)!
      // Byte for byte: what the webhook got is what a privacy export or the outbox report reads back.
      expect(JSON.stringify(sent[0])).toBe(
        JSON.stringify(
          Object.fromEntries(
            ['ref_code', 'user_agent', 'referer', 'utm_source', 'utm_medium', 'utm_campaign', 'ga_client_id'].map((column) => [column, row[column]]),
          ),
        ),
      )
    }
  })

  it('cleans a conversion’s fields the same way', async () => {
    const response = await post({ session_id: '\u0000cs_clean<1>', utm_source: '@SUM(1+1)', ga_client_id: '=1.2' }, {}, '/conversion')
    expect(response.status).toBe(202)
    expect((await store.rows('conversions')).find((row) => row.session_id === 'cs_clean1')).toMatchObject({ utm_source: 'SUM(1+1)', ga_client_id: '1.2' })
  })
})

describe('what is stored', () => {
  it('normalises the profile URL (https, lower-case host, no query or fragment) and the e-mail domain', async () => {
    const lead = { first_name: 'Grace', linkedin_url: 'HTTP://WWW.LinkedIn.COM/in/Grace-Hopper?trk=abc#about', email: '  Grace.H@Example.COM ' }
    expect((await form(lead)).status).toBe(303)
    expect(await leadsFor('grace.h@example.com')).toEqual([
      expect.objectContaining({ first_name: 'Grace', linkedin_url: 'https://www.linkedin.com/in/Grace-Hopper', email: 'Grace.H@example.com' }),
    ])
    const schemeless = { first_name: 'Linus', linkedin_url: 'linkedin.com/company/Acme', email: 'linus@EXAMPLE.org' }
    expect((await post(schemeless)).status).toBe(202)
    expect(await leadsFor('linus@example.org')).toEqual([
      expect.objectContaining({ linkedin_url: 'https://linkedin.com/company/Acme', email: 'linus@example.org' }),
    ])
  })

  it(`cuts a click's User-Agent header to ${USER_AGENT_MAX} characters`, async () => {
    const response = await api.request('/affiliate-click', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'U'.repeat(15_000), 'x-forwarded-for': '10.2.0.1' },
      body: JSON.stringify({ ref_code: 'LONG_AGENT' }),
    })
    expect(response.status).toBe(202)
    const click = (await store.rows('clicks')).find((row) => row.ref_code === 'LONG_AGENT')
    expect(click?.user_agent).toBe('U'.repeat(USER_AGENT_MAX))
  })
})
