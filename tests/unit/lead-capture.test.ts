import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'node-html-parser'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { PageContext } from 'vike/types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FreeScoreForm } from '../../components/FreeScoreForm'
import { PageContextProvider } from '../../components/pageContext'
import { loadSite } from '../../lib/node/site.server'
import { loadUiText } from '../../lib/node/ui-text.server'
import { confirmationUrl } from '../../lib/universal/confirmation'
import { LEAD_MESSAGES } from '../../lib/universal/lead'
import { renderFormPage } from '../../renderer/formPage'
import { createApi } from '../../server/api'
import { CROSS_SITE_MESSAGE } from '../../server/api'
import { LEAD_DEDUPE_MS, MIN_FILL_MS, USER_AGENT_MAX } from '../../server/endpoints'
import { Outbox } from '../../server/outbox'
import { Store } from '../../server/store'

// What a visitor, a bot and the score webhook notice of POST /api/score: the no-JavaScript form post,
// the honeypot, the minimum time, one lead per person a day, refused names, normalised values, caps.
const root = mkdtempSync(join(tmpdir(), 'lead-capture-'))
let store: Store
let outbox: Outbox
let api: ReturnType<typeof createApi>
let clock = Date.parse('2026-03-01T09:00:00Z')
let webhook: Server
const forwarded: Array<Record<string, unknown>> = []

beforeAll(async () => {
  webhook = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      forwarded.push(JSON.parse(body) as Record<string, unknown>)
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
    })
  })
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve))
  store = await Store.open(`file:${join(root, 'leads.db')}`)
  const url = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/score`
  outbox = new Outbox(store, { leads: { url, key: undefined } }, { now: () => clock })
  api = createApi({ store, outbox, now: () => clock, trustedHops: 1, siteOrigin: SITE_ORIGIN, formPage: () => formPage })
})
afterAll(async () => {
  await store.close()
  await new Promise<void>((resolve) => webhook.close(() => resolve()))
  rmSync(root, { recursive: true, force: true })
})

// The page a refused form post gets, as the build renders it beside the home page, which renders the form with this context.
const pageContext = { site: loadSite(), ui: loadUiText() } as PageContext
const formPage = renderFormPage(pageContext, 'Get your free score')

/**
 * A form as the visitor meets it: each element with its attributes and text, less what a refused post
 * fills in (the values, the field marked invalid, the message, the sending page's query).
 */
function formShape(html: string): string {
  const form = parse(html).querySelector('form.score-form')!
  form.querySelector('input[type="hidden"]')?.remove()
  for (const element of form.querySelectorAll('*')) for (const name of ['value', 'aria-invalid', 'aria-describedby', 'autofocus']) element.removeAttribute(name)
  form.querySelector('[role="alert"]')!.set_content('')
  return form.toString()
}

/** The site's canonical origin (SITE_URL); requests below are made to http://localhost unless they name another URL. */
const SITE_ORIGIN = 'https://authoritylens.example'

let address = 0
function post(body: string | Record<string, unknown>, headers: Record<string, string> = {}, url = '/score') {
  return api.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${Math.floor(++address / 200)}.${address % 200}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => post(new URLSearchParams(fields).toString(), { ...FORM, ...headers })

let people = 0
function person() {
  people++
  return { first_name: 'Ada', linkedin_url: `https://www.linkedin.com/in/ada-${people}`, email: `ada${people}@example.com` }
}
const leadsFor = async (email: string) => (await store.rows('leads')).filter((row) => String(row.email).toLowerCase() === email.toLowerCase())
/** Waits until every stored lead is delivered (the handler's own send may be under way), then what the webhook received for this address. */
async function forwardedFor(email: string) {
  for (let tries = 0; tries < 100 && (await store.counts()).leads.pending > 0; tries++) {
    await outbox.flush()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  expect((await store.counts()).leads.pending).toBe(0)
  return forwarded.filter((body) => String(body.email).toLowerCase() === email.toLowerCase())
}

describe('the form posted without JavaScript', () => {
  it('stores the lead and answers 303 to the confirmation page with the sending page’s query, minus any form field', async () => {
    const lead = person()
    const response = await form(lead, { referer: 'http://localhost/?utm_source=newsletter&ref=PARTNER&email=leak%40example.com' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/score/confirmation?utm_source=newsletter&ref=PARTNER')
    expect(await leadsFor(lead.email)).toHaveLength(1)
    expect(await forwardedFor(lead.email)).toEqual([expect.objectContaining({ first_name: 'Ada', linkedin_url: lead.linkedin_url })])
  })

  it('leaves out of the confirmation URL the form’s field names in any letter case and any value holding an e-mail address', async () => {
    const referer = 'http://localhost/?EMAIL=ann%40x.co&Website=x&utm_term=ann%40example.com&utm_source=newsletter&First_Name=Ann&Return_Query=y&ref=P1'
    const response = await form(person(), { referer })
    expect(response.headers.get('location')).toBe('/score/confirmation?utm_source=newsletter&ref=P1')
    // The hydrated form builds the same URL from its own query.
    expect(confirmationUrl(new URL(referer).search)).toBe('/score/confirmation?utm_source=newsletter&ref=P1')
  })

  it('goes to the bare confirmation page with no Referer, or one from another site', async () => {
    expect((await form(person())).headers.get('location')).toBe('/score/confirmation')
    expect((await form(person(), { referer: 'https://evil.example/?utm_source=x' })).headers.get('location')).toBe('/score/confirmation')
  })

  it('answers a refused value with a page showing the exact message and the values typed, escaped, and no URL carrying them', async () => {
    const typed = { first_name: 'Ada', linkedin_url: 'https://example.com/in/"ada"<b>', email: 'ada@example.com' }
    const response = await form(typed, { referer: 'http://localhost/?utm_source=ads' })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('location')).toBeNull()
    const html = await response.text()
    expect(html).toContain(`role="alert">${LEAD_MESSAGES.linkedin_url}</p>`)
    expect(html).toContain('value="Ada"')
    expect(html).toContain('value="https://example.com/in/&quot;ada&quot;&lt;b&gt;"')
    expect(html).toContain('value="ada@example.com"')
    expect(html).toContain('name="return_query" value="?utm_source=ads"')
    expect(html).not.toContain('<b>')
    expect(html).not.toMatch(/<script/i)
    expect(await leadsFor(typed.email)).toHaveLength(0)

    // Sent again from that page (Referer /api/score), the query comes from its hidden field.
    const fixed = { ...typed, linkedin_url: 'https://www.linkedin.com/in/ada-fixed', return_query: '?utm_source=ads' }
    const again = await form(fixed, { referer: 'http://localhost/api/score' })
    expect(again.headers.get('location')).toBe('/score/confirmation?utm_source=ads')
    expect(await leadsFor(typed.email)).toHaveLength(1)
  })

  it('answers a refused value with the home page’s form: the same fields, labels, attributes and button', async () => {
    const response = await form({ first_name: 'Ada', linkedin_url: 'https://example.com/in/ada', email: 'ada@example.com' })
    expect(response.status).toBe(400)
    const homeForm = renderToString(createElement(PageContextProvider, { pageContext, children: createElement(FreeScoreForm) }))
    const refused = formShape(await response.text())
    expect(refused).toBe(formShape(homeForm))
    for (const label of [pageContext.ui.form.firstName, pageContext.ui.form.linkedinUrl, pageContext.ui.form.email, pageContext.ui.form.submit])
      expect(refused).toContain(`>${label}</`)
  })

  it('keeps answering JSON to the hydrated form', async () => {
    const response = await post({ ...person(), elapsed_ms: MIN_FILL_MS + 1 })
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ status: 'ok' })
  })
})

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

  it(`a form sent less than ${MIN_FILL_MS} ms after its page began loading is answered alike and not stored; an empty honeypot and a slower one are`, async () => {
    const fast = person()
    const answer = await post({ ...fast, website: '', elapsed_ms: 400 })
    expect(answer.status).toBe(202)
    expect(await answer.json()).toEqual({ status: 'ok' })
    expect(await leadsFor(fast.email)).toHaveLength(0)
    expect(await forwardedFor(fast.email)).toHaveLength(0)

    const slow = person()
    expect((await post({ ...slow, website: '', elapsed_ms: MIN_FILL_MS + 2_000 })).status).toBe(202)
    expect(await leadsFor(slow.email)).toHaveLength(1)
    expect(await forwardedFor(slow.email)).toHaveLength(1)
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

    clock += LEAD_DEDUPE_MS + 1
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

  it('refuses a lead another site’s page posts through a visitor’s browser, as JSON or as a form, and stores nothing', async () => {
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
  })

  it('refuses a click or a conversion from another site’s page too', async () => {
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

describe('what reaches the webhooks', () => {
  const formulas = ['=HYPERLINK("//evil.example";"x")', '+1+cmd|calc!A0', '@SUM(1+1)', '-2+3']

  it("refuses an e-mail, profile URL or name that starts like a spreadsheet formula or holds a control character, with the form's message", async () => {
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
    ]
    for (const [field, value] of refusals) {
      const lead = { ...person(), [field]: value }
      const json = await post(lead)
      expect(json.status, JSON.stringify(value)).toBe(400)
      expect(await json.json()).toEqual({ error: LEAD_MESSAGES[field], field })
      const page = await form(lead)
      expect(page.status).toBe(400)
      expect(await page.text()).toContain(LEAD_MESSAGES[field])
    }
    expect((await store.rows('leads')).filter((row) => formulas.some((formula) => String(row.email).startsWith(formula)))).toHaveLength(0)
  })

  it('cleans a click’s fields of markup, control characters and formulas, keeps only an http(s) referer, and forwards exactly what it stored', async () => {
    const clickApi = createApi({
      store,
      outbox: new Outbox(store, { clicks: { url: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/affiliate`, key: undefined } }),
      now: () => clock,
      trustedHops: 1,
      siteOrigin: SITE_ORIGIN,
    })
    const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      clickApi.request('/affiliate-click', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.3.0.${++address % 250}`, ...headers },
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
  it("refuses first names with markup, control characters, NUL or a spreadsheet formula with the form's message", async () => {
    for (const name of ['<img src=x onerror=alert(1)>', 'Ada>', 'A\u0000da', 'Ada\u0007', 'A\u001bda', '=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', ' =1+1']) {
      const lead = { ...person(), first_name: name }
      const response = await post(lead)
      expect(response.status, name).toBe(400)
      expect(await response.json()).toEqual({ error: LEAD_MESSAGES.first_name, field: 'first_name' })
      const page = await form(lead)
      expect(page.status).toBe(400)
      expect(await page.text()).toContain(LEAD_MESSAGES.first_name)
      expect(await leadsFor(lead.email)).toHaveLength(0)
    }
    // A hyphen or apostrophe inside a name is fine.
    const fine = { ...person(), first_name: "Jean-Luc O'Neil" }
    expect((await post(fine)).status).toBe(202)
  })

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

  it("stores the server's time as submitted_at and ignores the client's", async () => {
    const lead = person()
    await post({ ...lead, submitted_at: '1999-01-01T00:00:00.000Z' })
    expect(await leadsFor(lead.email)).toEqual([expect.objectContaining({ submitted_at: new Date(clock).toISOString() })])
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

describe('content types', () => {
  it('takes application/json with parameters and the urlencoded form, and answers 415 to look-alikes', async () => {
    expect((await post(person(), { 'content-type': 'application/json; charset=utf-8' })).status).toBe(202)
    expect((await post(person(), { 'content-type': 'Application/JSON' })).status).toBe(202)
    expect((await form(person(), { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' })).status).toBe(303)
    for (const type of ['application/json-evil', 'application/jsonx', 'text/json', 'application/x-www-form-urlencoded-evil', 'multipart/form-data', '']) {
      const lead = person()
      const response = await post(lead, { 'content-type': type })
      expect(response.status, type).toBe(415)
      expect(await leadsFor(lead.email)).toHaveLength(0)
    }
  })

  it('answers 415 to a form post on an endpoint that takes JSON only', async () => {
    const response = await api.request('/conversion', { method: 'POST', headers: FORM, body: 'session_id=cs_form' })
    expect(response.status).toBe(415)
  })
})
