import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApi } from '../../server/api'
import { createApp } from '../../server/app'
import { MIN_FILL_MS, trappedLeads } from '../../server/endpoints'
import { FORM_TIMING_COOKIE, formTimingCookie, msSincePageServed, signServedAt, verifyServedAt } from '../../server/form-timing'
import { Outbox } from '../../server/outbox'
import { Store } from '../../server/store'
import { writeMiniatureSite } from './routing-table'

// The minimum time to fill the free-score form, for a form posted without JavaScript: the page's signed
// cookie (server/form-timing.ts), set by the site server and read by POST /api/score.
const KEY = 'test key'
const SERVED_AT = Date.parse('2026-04-01T10:00:00Z')

describe('the signed time', () => {
  it('reads back the time it was signed with, and refuses a changed time, a changed signature, another key and anything malformed; is sent only to the form endpoint, out of reach of page scripts, for a day; Secure over HTTPS', () => {
    expect(verifyServedAt(signServedAt(SERVED_AT, KEY), KEY)).toBe(SERVED_AT)
    expect(verifyServedAt(signServedAt(SERVED_AT))).toBe(SERVED_AT)
    const signed = signServedAt(SERVED_AT, KEY)
    const [time, signature] = signed.split('.') as [string, string]
    expect(verifyServedAt(`${SERVED_AT - 10_000}.${signature}`, KEY)).toBeUndefined()
    expect(verifyServedAt(`${time}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`, KEY)).toBeUndefined()
    expect(verifyServedAt(signed, 'another process')).toBeUndefined()
    for (const malformed of ['', time, `${time}.`, `.${signature}`, `${time}.${signature}x`, `-${time}.${signature}`, `${time}.${signature}.x`]) {
      expect(verifyServedAt(malformed, KEY), malformed).toBeUndefined()
    }
    const cookie = formTimingCookie(SERVED_AT, false, KEY)
    expect(cookie).toBe(`${FORM_TIMING_COOKIE}=${signServedAt(SERVED_AT, KEY)}; Max-Age=86400; Path=/api/score; HttpOnly; SameSite=Lax`)
    expect(formTimingCookie(SERVED_AT, true, KEY)).toBe(`${cookie.replace('; SameSite', '; Secure; SameSite')}`)
  })
})

describe('the time since the page was served, from the request', () => {
  const app = new Hono().get('/', (c) => c.json({ ms: msSincePageServed(c, SERVED_AT + 1_234, KEY) ?? null }))
  const since = async (cookie?: string) => ((await (await app.request('/', { headers: cookie ? { cookie } : {} })).json()) as { ms: number | null }).ms

  it('is the cookie’s age, unknown without a cookie, with one that does not verify, or with a time still to come', async () => {
    expect(await since(`other=1; ${FORM_TIMING_COOKIE}=${signServedAt(SERVED_AT, KEY)}`)).toBe(1_234)
    expect(await since()).toBeNull()
    expect(await since(`${FORM_TIMING_COOKIE}=${SERVED_AT}`)).toBeNull()
    expect(await since(`${FORM_TIMING_COOKIE}=${signServedAt(SERVED_AT, 'another process')}`)).toBeNull()
    expect(await since(`${FORM_TIMING_COOKIE}=${signServedAt(SERVED_AT + 5_000, KEY)}`)).toBeNull()
  })
})

describe('the site server and POST /api/score', () => {
  const site = writeMiniatureSite()
  // The home page carries the form; over 1 KB, so it is compressed too.
  const formPage = `<!DOCTYPE html><html><body><form class="score-form" method="post" action="/api/score"><input name="email"/></form>${'<p>text</p>'.repeat(200)}</body></html>`
  writeFileSync(join(site.clientDir, 'index.html'), formPage)
  const databaseDir = mkdtempSync(join(tmpdir(), 'form-timing-'))
  let store: Store
  let clock = SERVED_AT
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    store = await Store.open(`file:${join(databaseDir, 'leads.db')}`)
    app = createApp({ clientDir: site.clientDir, api: createApi({ store, outbox: new Outbox(store, {}), now: () => clock, trustedHops: 1 }), now: () => clock })
  })
  afterAll(() => {
    store.close()
    site.remove()
    rmSync(databaseDir, { recursive: true, force: true })
  })

  /** The cookie a browser sends back for the page at `path`, served now. */
  async function cookieFrom(path = '/') {
    const setCookie = (await app.request(path)).headers.get('set-cookie')
    expect(setCookie, path).not.toBeNull()
    return setCookie!.split(';')[0]!
  }

  let people = 0
  async function sendForm(headers: Record<string, string> = {}) {
    const email = `timed${++people}@example.com`
    const fields = { first_name: 'Ada', linkedin_url: `https://www.linkedin.com/in/timed-${people}`, email }
    const response = await app.request('/api/score', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.9.0.${people}`, ...headers },
      body: new URLSearchParams(fields).toString(),
    })
    return { email, response }
  }
  async function sendJson(elapsedMs: number | undefined, headers: Record<string, string> = {}) {
    const email = `timed${++people}@example.com`
    const body = { first_name: 'Ada', linkedin_url: `https://www.linkedin.com/in/timed-${people}`, email, website: '', elapsed_ms: elapsedMs }
    const response = await app.request('/api/score', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${people}`, ...headers },
      body: JSON.stringify(body),
    })
    return { email, response }
  }
  const stored = async (email: string) => (await store.rows('leads')).filter((row) => row.email === email).length

  it('sets the cookie on the pages that carry the form, kept out of shared caches, Secure over HTTPS, and on no other answer', async () => {
    for (const path of ['/', '/dashboard/reports']) {
      const page = await app.request(path, { headers: { 'accept-encoding': 'gzip' } })
      expect(page.headers.get('content-encoding'), path).toBe('gzip')
      expect(page.headers.get('set-cookie'), path).toBe(formTimingCookie(clock, false))
      expect(page.headers.get('cache-control'), path).toBe('private, no-cache')
    }
    for (const path of ['/blog', '/no-such-page', '/assets/entries/page.abc123.js', '/robots.txt', '/api/nothing']) {
      const answer = await app.request(path)
      expect(answer.headers.get('set-cookie'), path).toBeNull()
      expect(answer.headers.get('cache-control') ?? '', path).not.toContain('private')
    }
    expect((await app.request('/', { method: 'HEAD' })).headers.get('set-cookie')).toBeNull()
    expect(await (await app.request('/')).text()).toBe(formPage)
    expect((await app.request('https://localhost/')).headers.get('set-cookie')).toBe(formTimingCookie(clock, true))
  })

  it(`answers a form sent less than ${MIN_FILL_MS} ms after its page was served like any other, and stores nothing; stores one sent ${MIN_FILL_MS} ms or more after`, async () => {
    const cookie = await cookieFrom('/')
    const trappedBefore = trappedLeads.tooFast
    clock += MIN_FILL_MS - 1
    const { email, response } = await sendForm({ cookie, referer: 'http://localhost/?utm_source=x' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/score/confirmation?utm_source=x')
    expect(await stored(email)).toBe(0)
    expect(trappedLeads.tooFast).toBe(trappedBefore + 1)
    const later = await cookieFrom('/dashboard')
    clock += MIN_FILL_MS
    const inTime = await sendForm({ cookie: later })
    expect(inTime.response.status).toBe(303)
    expect(await stored(inTime.email)).toBe(1)
  })

  it('stores a form sent with no cookie, a forged one, another process’s, or one from the future', async () => {
    const forged = `${FORM_TIMING_COOKIE}=${signServedAt(clock - 100, 'guessed key')}`
    const future = await cookieFrom('/')
    clock -= 60_000
    for (const headers of [{}, { cookie: forged }, { cookie: future }] as Array<Record<string, string>>) {
      const { email, response } = await sendForm(headers)
      expect(response.status).toBe(303)
      expect(await stored(email), JSON.stringify(headers)).toBe(1)
    }
  })

  it('judges a hydrated form by its own elapsed_ms, which a cookie from a second tab cannot override, and by the cookie when it sends none', async () => {
    const fresh = await cookieFrom('/')
    clock += 1_000
    // The form's page was open for 8 s in one tab; another tab loaded a second ago set the fresh cookie.
    const ownCountWins = await sendJson(MIN_FILL_MS + 5_000, { cookie: fresh })
    const byElapsed = await sendJson(500, { cookie: fresh })
    const byCookie = await sendJson(undefined, { cookie: fresh })
    // Each answered as a person's is: a bot is not told it was caught.
    for (const { response } of [ownCountWins, byElapsed, byCookie]) expect([response.status, await response.json()]).toEqual([202, { status: 'ok' }])
    expect(await stored(ownCountWins.email)).toBe(1)
    expect(await stored(byElapsed.email)).toBe(0)
    expect(await stored(byCookie.email)).toBe(0)
  })
})
