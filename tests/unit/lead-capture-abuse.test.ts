// What a bot and another site's page get from POST /api/score (server/api.ts): a honeypot, one lead per
// person a day, and posts from other origins refused (a form sent faster than a person could: form-timing.test.ts).
import { describe, expect, it } from 'vitest'
import { CROSS_SITE_MESSAGE } from '../../server/api'
import { LEAD_DEDUPE_MS } from '../../server/endpoints'
import { SITE_ORIGIN, advanceClock, form, forwardedFor, leadsFor, person, post, store, setUpLeadCaptureApi } from './lead-capture-fixture'

setUpLeadCaptureApi()

describe('bots', () => {
  it('a filled honeypot gets the same answer as a person, and nothing is stored or forwarded', async () => {
    const json = person()
    const jsonAnswer = await post({ ...json, website: 'https://spam.example' })
    expect(jsonAnswer.status).toBe(202)
    expect(await jsonAnswer.json()).toEqual({ status: 'ok' })
    const plain = person()
    const formAnswer = await form({ ...plain, website: 'spam' }, { referer: 'http://localhost/?utm_source=x' })
    expect(formAnswer.status).toBe(303)
    expect(formAnswer.headers.get('location')).toBe('/score/confirmation?utm_source=x')
    for (const email of [json.email, plain.email]) {
      expect(await leadsFor(email)).toHaveLength(0)
      expect(await forwardedFor(email)).toHaveLength(0)
    }
  })

  it('the same e-mail and profile sent 5 times in 24 hours is one lead, forwarded once; a day later it is a new one', async () => {
    const lead = person()
    const spellings = [
      lead,
      { ...lead, email: ` ${lead.email.toUpperCase()} ` },
      { ...lead, linkedin_url: `${lead.linkedin_url}/?trk=public` },
      { ...lead, linkedin_url: lead.linkedin_url.replace('https://www.', 'HTTP://') },
      { ...lead, first_name: 'Ada L.' },
    ]
    for (const [index, spelling] of spellings.entries()) {
      const response = index % 2 ? await form(spelling) : await post(spelling)
      expect(response.status).toBe(index % 2 ? 303 : 202)
    }
    expect(await leadsFor(lead.email)).toHaveLength(1)
    expect(await forwardedFor(lead.email)).toHaveLength(1)
    // A different profile with the same address is another lead.
    expect((await post({ ...lead, linkedin_url: 'https://www.linkedin.com/company/acme' })).status).toBe(202)
    expect(await leadsFor(lead.email)).toHaveLength(2)
    // Delivered before the clock jumps: a send under way when it does runs out of time at once.
    expect(await forwardedFor(lead.email)).toHaveLength(2)

    advanceClock(LEAD_DEDUPE_MS + 1)
    expect((await post(lead)).status).toBe(202)
    expect(await leadsFor(lead.email)).toHaveLength(3)
    expect(await forwardedFor(lead.email)).toHaveLength(3)
  })
})

describe('posts from other sites', () => {
  const crossSite: Array<Record<string, string>> = [
    { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    { origin: 'null' },
    // Another port on this machine is another origin.
    { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-site' },
  ]

  it('refuses a lead another site’s page posts through a visitor’s browser, as JSON or as a form, a click or a conversion, and stores nothing', async () => {
    for (const headers of crossSite) {
      const lead = person()
      const json = await post(lead, headers)
      expect(json.status, JSON.stringify(headers)).toBe(403)
      expect(await json.json()).toEqual({ error: CROSS_SITE_MESSAGE })
      const page = await form(lead, headers)
      expect(page.status).toBe(403)
      const html = await page.text()
      expect(html).toContain(CROSS_SITE_MESSAGE)
      // The page never shows what the other site filled in.
      expect(html).not.toContain(lead.email)
      expect(await leadsFor(lead.email)).toHaveLength(0)
    }
    // A click or a conversion too.
    for (const [path, body] of [
      ['/affiliate-click', { ref_code: 'CROSS_SITE' }],
      ['/conversion', { session_id: 'cs_cross_site' }],
    ] as const) {
      const response = await post(body, { origin: 'https://evil.example' }, path)
      expect(response.status, path).toBe(403)
    }
    expect((await store.rows('clicks')).filter((row) => row.ref_code === 'CROSS_SITE')).toHaveLength(0)
    expect((await store.rows('conversions')).filter((row) => row.session_id === 'cs_cross_site')).toHaveLength(0)
  })

  it('takes a lead from the site’s own pages, from a preview on this machine, and from a client that is no browser', async () => {
    const own = person()
    expect((await post(own, { origin: SITE_ORIGIN, 'sec-fetch-site': 'same-origin' }, `${SITE_ORIGIN}/score`)).status).toBe(202)
    const preview = person()
    expect((await form(preview, { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' })).status).toBe(303)
    const server = person()
    expect((await post(server)).status).toBe(202)
    for (const lead of [own, preview, server]) expect(await leadsFor(lead.email)).toHaveLength(1)
    // A loopback origin counts only for a request made to a loopback address.
    const spoofed = person()
    expect((await post(spoofed, { origin: 'http://localhost' }, `${SITE_ORIGIN}/score`)).status).toBe(403)
  })
})
