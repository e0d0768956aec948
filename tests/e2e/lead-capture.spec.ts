import { createServer, type Server } from 'node:http'
import { BASE_URL, E2E_DATABASE, E2E_RUNTIME, E2E_WRANGLER_STATE, WEBHOOK_PORT } from '../../playwright.config'
import { clientDir } from '../../lib/node/paths.server'
import { loadUiText } from '../../lib/node/ui-text.server'
import { LEAD_MESSAGES, SUBMIT_FAILED_MESSAGE } from '../../lib/universal/lead'
import { REFERRAL_STORAGE_KEY, REFERRAL_TTL_MS } from '../../lib/universal/referral'
import type { Locator, Page, Request } from '@playwright/test'
import { CROSS_SITE_MESSAGE } from '../../server/api'
import { MIN_FILL_MS } from '../../server/endpoints'
import { Store } from '../../server/store'
import { queryPreviewD1 } from '../../scripts/cloudflare-preview'
import { expect, siteContent, test, waitForHydration } from './fixtures'

// The lead form in a real browser against the real server, with fake webhooks on a loopback port.
test.describe.configure({ mode: 'serial' })

const content = await siteContent()
const ui = loadUiText('content')
const received: Array<{ path: string; key: string | undefined; body: Record<string, unknown> }> = []
let webhook: Server

test.beforeAll(async () => {
  webhook = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const parsed = JSON.parse(body) as Record<string, unknown>
      received.push({ path: request.url ?? '', key: request.headers['api-key'] as string | undefined, body: parsed })
      // The affiliate webhook accepts every code but REJECTED.
      const status = request.url === '/affiliate' && parsed.ref_code === 'REJECTED' ? 'rejected' : 'ok'
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status }))
    })
  })
  await new Promise<void>((resolve) => webhook.listen(WEBHOOK_PORT, '127.0.0.1', resolve))
})

test.afterAll(() => new Promise<void>((resolve) => webhook.close(() => resolve())))

/** Types a lead into the free-score form, field by field, as a visitor would. */
async function fillLead(form: Locator, lead: Record<'first_name' | 'linkedin_url' | 'email', string>) {
  await form.getByLabel(ui.form.firstName).fill(lead.first_name)
  await form.getByLabel(ui.form.linkedinUrl).fill(lead.linkedin_url)
  await form.getByLabel(ui.form.email).fill(lead.email)
}

/**
 * A form as the visitor meets it, run in the page: each element's tag, attributes and text, less what a
 * refused post fills in (the values, the field marked invalid, the message, the query) and what the
 * hydrated form sets itself (noValidate).
 */
function formShape(form: HTMLFormElement): string[] {
  const filled = new Set(['value', 'aria-invalid', 'aria-describedby', 'autofocus', 'novalidate'])
  return [form, ...form.querySelectorAll('*')]
    .filter((element) => element.getAttribute('type') !== 'hidden')
    .map((element) => {
      const attributes = [...element.attributes].filter(({ name }) => !filled.has(name)).map(({ name, value }) => `${name}="${value}"`)
      const text = element.children.length === 0 && element.getAttribute('role') !== 'alert' ? element.textContent : ''
      return `<${element.tagName.toLowerCase()} ${attributes.sort().join(' ')}>${text}`
    })
}

/** The rows the server stored: in its SQLite file, or in the Worker's local D1 (E2E_RUNTIME=cloudflare). */
async function storedRows(table: 'leads' | 'clicks' | 'conversions') {
  if (E2E_RUNTIME === 'cloudflare') return queryPreviewD1<Record<string, unknown>>(E2E_WRANGLER_STATE, `SELECT * FROM ${table} ORDER BY id`)
  const store = await Store.open(`file:${E2E_DATABASE}`)
  try {
    return await store.rows(table)
  } finally {
    await store.close()
  }
}

test.describe('the free-score form', () => {
  test('shows each validation message in order, in an alert, with focus on the field at fault', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const form = page.locator('#free-score form')
    const alert = form.getByRole('alert')
    const submit = form.getByRole('button', { name: ui.form.submit })

    await form.getByLabel(ui.form.firstName).fill('   ')
    await submit.click()
    await expect(alert).toHaveText(LEAD_MESSAGES.first_name)
    await expect(form.getByLabel(ui.form.firstName)).toBeFocused()

    await form.getByLabel(ui.form.firstName).fill('Ada')
    await form.getByLabel(ui.form.linkedinUrl).fill('https://example.com/in/ada')
    await submit.click()
    await expect(alert).toHaveText(LEAD_MESSAGES.linkedin_url)
    await expect(form.getByLabel(ui.form.linkedinUrl)).toBeFocused()

    await form.getByLabel(ui.form.linkedinUrl).fill('https://www.LinkedIn.com/in/ada-lovelace')
    await form.getByLabel(ui.form.email).fill('ada at example.com')
    await submit.click()
    await expect(alert).toHaveText(LEAD_MESSAGES.email)
    await expect(form.getByLabel(ui.form.email)).toBeFocused()
  })

  for (const [name, failure] of [
    ['a network failure', 'abort'],
    ['a non-ok answer', 500],
  ] as const) {
    test(`keeps the visitor on the form with their values after ${name}`, async ({ page }) => {
      await page.route('**/api/score', (route) => (failure === 'abort' ? route.abort() : route.fulfill({ status: failure, body: '{}' })))
      await page.goto('/')
      await waitForHydration(page)
      const form = page.locator('#free-score form')
      await fillLead(form, { first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/ada', email: 'ada@example.com' })
      await form.getByRole('button', { name: ui.form.submit }).click()
      await expect(form.getByRole('alert')).toHaveText(SUBMIT_FAILED_MESSAGE)
      await expect(page).toHaveURL(/\/$/)
      await expect(form.getByLabel(ui.form.email)).toHaveValue('ada@example.com')
      await expect(form.getByRole('button', { name: ui.form.submit })).toBeEnabled()
    })
  }

  test('sends one request on a double click, stores the lead, forwards it and keeps the query string', async ({ page }) => {
    let requests = 0
    page.on('request', (request) => {
      if (request.url().endsWith('/api/score')) requests++
    })
    const email = `ada+${Date.now()}@example.com`
    await page.goto('/?utm_source=newsletter&ref=PARTNER')
    await waitForHydration(page)
    const form = page.locator('#free-score form')
    await fillLead(form, { first_name: '  Ada ', linkedin_url: 'https://www.linkedin.com/in/ada-lovelace', email })
    // A person takes a few seconds over three fields; the server ignores a form sent sooner after the page began loading.
    await page.waitForTimeout(MIN_FILL_MS)
    await form.getByRole('button', { name: ui.form.submit }).dblclick()
    await expect(page).toHaveURL(`${BASE_URL}/score/confirmation?utm_source=newsletter&ref=PARTNER`)
    expect(requests).toBe(1)

    const lead = (await storedRows('leads')).find((row) => row.email === email)
    expect(lead).toMatchObject({ first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/ada-lovelace' })
    await expect.poll(() => received.filter((hook) => hook.path === '/score' && hook.body.email === email).length, { timeout: 10_000 }).toBe(1)
    const sent = received.find((hook) => hook.body.email === email)!
    expect(sent.key).toBe('e2e-score-key')
    expect(Object.keys(sent.body).sort()).toEqual(['email', 'first_name', 'linkedin_url', 'submitted_at'])
  })
})

/** Every URL the page requests, and every Referer it sends with them, as the server sees them. */
function watchUrls(page: Page) {
  const seen: Array<Promise<string[]>> = []
  page.on('request', (request: Request) => {
    // A request still starting as the test ends cannot give its final headers: its provisional ones carry the Referer too.
    const headers = request.allHeaders().catch(() => request.headers())
    seen.push(headers.then((all) => [request.url(), ...(all.referer ? [all.referer] : [])]))
  })
  return async () => [...(await Promise.all(seen)).flat(), page.url()]
}

/** Each URL that contains one of the values typed (raw or encoded) or a field's name. */
function leaks(urls: string[], values: string[]): string[] {
  const needles = [...values, 'first_name=', 'linkedin_url=', 'email='].map((value) => value.toLowerCase())
  return urls.filter((url) => {
    let decoded = url
    try {
      decoded = decodeURIComponent(url.replace(/\+/g, ' '))
    } catch {
      // Not decodable: the raw URL is searched.
    }
    const text = `${url} ${decoded}`.toLowerCase()
    return needles.some((needle) => text.includes(needle))
  })
}

/**
 * Without JavaScript the server times the form by its page's cookie (server/form-timing.ts), and a form sent
 * sooner than MIN_FILL_MS after its page was served is taken for a bot's: wait as long as a person typing would.
 */
const waitAsAPersonWould = (page: Page) => page.waitForTimeout(MIN_FILL_MS)

const webhookCalls = (email: string) =>
  received.filter((hook) => hook.path === '/score' && String(hook.body.email).toLowerCase() === email.toLowerCase()).length

test.describe('the free-score form without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('posts the form, lands on the confirmation page with the query kept, stores and forwards the lead, and no URL carries what was typed', async ({
    page,
  }) => {
    const urls = watchUrls(page)
    const id = Date.now()
    const typed = { first_name: `Nojsada${id}`, linkedin_url: `https://www.linkedin.com/in/nojs-ada-${id}`, email: `nojs${id}@example.com` }
    await page.goto('/?utm_source=newsletter&ref=PARTNER')
    const form = page.locator('#free-score form')
    await fillLead(form, typed)
    await waitAsAPersonWould(page)
    await form.getByRole('button', { name: ui.form.submit }).click()
    await expect(page).toHaveURL(`${BASE_URL}/score/confirmation?utm_source=newsletter&ref=PARTNER`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.pages['score-confirmation'].h1)

    expect((await storedRows('leads')).filter((row) => row.email === typed.email)).toEqual([
      expect.objectContaining({ first_name: typed.first_name, linkedin_url: typed.linkedin_url }),
    ])
    await expect.poll(() => webhookCalls(typed.email), { timeout: 10_000 }).toBe(1)
    expect(leaks(await urls(), Object.values(typed))).toEqual([])
  })

  test("refuses the same form posted from another site's page through the visitor's browser, storing and forwarding nothing", async ({ page }) => {
    const id = Date.now()
    const email = `crosssite${id}@example.com`
    // Another site's page carrying a copy of the form, aimed at this site's endpoint.
    await page.route('https://other-site.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!DOCTYPE html><title>Win a prize</title><form method="post" action="${BASE_URL}/api/score">
          <input name="first_name" value="Ada"><input name="linkedin_url" value="https://www.linkedin.com/in/cross-${id}">
          <input name="email" value="${email}"><button>Claim</button></form>`,
      }),
    )
    await page.goto('https://other-site.example/')
    await waitAsAPersonWould(page)
    const answer = page.waitForResponse(`${BASE_URL}/api/score`)
    await page.getByRole('button', { name: 'Claim' }).click()
    expect((await answer).status()).toBe(403)
    await expect(page.getByRole('alert')).toHaveText(CROSS_SITE_MESSAGE)
    await expect(page.locator('input[name="email"]')).toHaveValue('')
    expect((await storedRows('leads')).filter((row) => row.email === email)).toEqual([])
    expect(webhookCalls(email)).toBe(0)
  })

  test("leaves an empty field or a URL that is not LinkedIn's to the browser's own checks", async ({ page }) => {
    let posts = 0
    page.on('request', (request) => {
      if (request.method() === 'POST') posts++
    })
    await page.goto('/')
    const form = page.locator('#free-score form')
    await form.getByRole('button', { name: ui.form.submit }).click()
    await expect(form.getByLabel(ui.form.firstName)).toHaveJSProperty('validity.valueMissing', true)
    await fillLead(form, { first_name: 'Ada', linkedin_url: 'https://example.com/in/ada', email: 'ada@example.com' })
    await form.getByRole('button', { name: ui.form.submit }).click()
    await expect(form.getByLabel(ui.form.linkedinUrl)).toHaveJSProperty('validity.patternMismatch', true)
    await expect(form.getByLabel(ui.form.linkedinUrl)).toHaveAttribute('title', LEAD_MESSAGES.linkedin_url)
    await expect(page).toHaveURL(`${BASE_URL}/`)
    expect(posts).toBe(0)
  })

  test('answers a refused value with the exact message and the values typed, then takes the corrected form, keeping the query', async ({ page }) => {
    const urls = watchUrls(page)
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    const id = Date.now()
    const typed = { first_name: '<img src=x onerror=alert(1)>', linkedin_url: `https://www.linkedin.com/in/refused-${id}`, email: `refused${id}@example.com` }
    await page.goto('/?utm_source=ads')
    const form = page.locator('form.score-form')
    await fillLead(form, typed)
    await waitAsAPersonWould(page)
    await form.getByRole('button', { name: ui.form.submit }).click()

    await expect(form.getByRole('alert')).toHaveText(LEAD_MESSAGES.first_name)
    await expect(form.getByLabel(ui.form.firstName)).toHaveValue(typed.first_name)
    await expect(form.getByLabel(ui.form.linkedinUrl)).toHaveValue(typed.linkedin_url)
    await expect(form.getByLabel(ui.form.email)).toHaveValue(typed.email)
    await expect(page.locator('img')).toHaveCount(0)
    expect(page.url()).toBe(`${BASE_URL}/api/score`)
    expect((await storedRows('leads')).filter((row) => row.email === typed.email)).toEqual([])
    const refusedForm = await form.evaluate(formShape)

    await form.getByLabel(ui.form.firstName).fill('Ada')
    await form.getByRole('button', { name: ui.form.submit }).click()
    await expect(page).toHaveURL(`${BASE_URL}/score/confirmation?utm_source=ads`)
    expect((await storedRows('leads')).filter((row) => row.email === typed.email)).toEqual([expect.objectContaining({ first_name: 'Ada' })])
    expect(leaks(await urls(), [typed.email, `refused-${id}`, 'onerror'])).toEqual([])
    expect(violations).toEqual([])

    // The refused page's form is the home page's: the same fields, labels, attributes and button.
    await page.goto('/')
    expect(refusedForm).toEqual(await page.locator('form.score-form').evaluate(formShape))
  })

  test('the same person sent three times is one lead and one webhook call', async ({ page }) => {
    const id = Date.now()
    const email = `twice${id}@example.com`
    for (const spelling of [email, email.toUpperCase(), ` ${email} `]) {
      await page.goto('/')
      const form = page.locator('#free-score form')
      await fillLead(form, { first_name: 'Ada', linkedin_url: `https://www.linkedin.com/in/twice-${id}`, email: spelling.trim() })
      await waitAsAPersonWould(page)
      await form.getByRole('button', { name: ui.form.submit }).click()
      await expect(page).toHaveURL(`${BASE_URL}/score/confirmation`)
    }
    expect((await storedRows('leads')).filter((row) => String(row.email).toLowerCase() === email)).toHaveLength(1)
    await expect.poll(() => webhookCalls(email), { timeout: 10_000 }).toBe(1)
    // The outbox polls every second: give a second send the time to happen, were there one.
    await page.waitForTimeout(2_500)
    expect(webhookCalls(email)).toBe(1)
  })

  test(`a form sent less than ${MIN_FILL_MS} ms after its page was served reaches the confirmation page, and is not stored or forwarded; sent later, it is`, async ({
    page,
  }) => {
    const id = Date.now()
    const typed = { first_name: 'Ada', linkedin_url: `https://www.linkedin.com/in/hasty-${id}`, email: `hasty${id}@example.com` }
    await page.goto('/?utm_source=newsletter')
    await fillLead(page.locator('#free-score form'), typed)
    // However slowly this browser filled the form, the page is served again just before the send: the
    // request shares the page's cookies, so the server's clock restarts a moment before the click.
    expect((await page.request.get('/?utm_source=newsletter')).headers()['set-cookie']).toContain('form_served=')
    await page.locator('#free-score form').getByRole('button', { name: ui.form.submit }).click()
    await expect(page).toHaveURL(`${BASE_URL}/score/confirmation?utm_source=newsletter`)
    // The outbox polls every second: give a send the time to happen, were there one.
    await page.waitForTimeout(2_500)
    expect((await storedRows('leads')).filter((row) => row.email === typed.email)).toEqual([])
    expect(webhookCalls(typed.email)).toBe(0)

    await page.goto('/?utm_source=newsletter')
    await fillLead(page.locator('#free-score form'), typed)
    await waitAsAPersonWould(page)
    await page.locator('#free-score form').getByRole('button', { name: ui.form.submit }).click()
    await expect(page).toHaveURL(`${BASE_URL}/score/confirmation?utm_source=newsletter`)
    expect((await storedRows('leads')).filter((row) => row.email === typed.email)).toHaveLength(1)
    await expect.poll(() => webhookCalls(typed.email), { timeout: 10_000 }).toBe(1)
  })
})

test.describe('bots', () => {
  test('a filled honeypot reaches the confirmation page like a person, and nothing is stored or forwarded', async ({ page }) => {
    const email = `honeypot${Date.now()}@example.com`
    await page.goto('/?utm_source=newsletter')
    await waitForHydration(page)
    const form = page.locator('#free-score form')
    // Hidden from people and assistive technology: off-screen, out of the tab order, no accessible name.
    const honeypot = page.locator('input[name="website"]')
    await expect(honeypot).toHaveAttribute('tabindex', '-1')
    await expect(honeypot).toHaveAttribute('autocomplete', 'off')
    await expect(page.locator('.hp-field')).toHaveAttribute('aria-hidden', 'true')
    expect((await honeypot.boundingBox())!.x).toBeLessThan(0)
    await fillLead(form, { first_name: 'Bot', linkedin_url: 'https://www.linkedin.com/in/bot', email })
    await honeypot.fill('https://spam.example')
    await page.waitForTimeout(MIN_FILL_MS)
    await form.getByRole('button', { name: ui.form.submit }).click()
    await expect(page).toHaveURL(`${BASE_URL}/score/confirmation?utm_source=newsletter`)
    await page.waitForTimeout(2_500)
    expect((await storedRows('leads')).filter((row) => row.email === email)).toEqual([])
    expect(webhookCalls(email)).toBe(0)
  })

  test(`a lead sent less than ${MIN_FILL_MS} ms after the page began loading is answered as taken, and not stored or forwarded`, async ({ page }) => {
    const email = `fast${Date.now()}@example.com`
    await page.goto('/')
    const answer = await page.evaluate(async (email) => {
      const response = await fetch('/api/score', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: 'Bot', linkedin_url: 'https://www.linkedin.com/in/fast-bot', email, website: '', elapsed_ms: 300 }),
      })
      return { status: response.status, body: (await response.json()) as unknown }
    }, email)
    expect(answer).toEqual({ status: 202, body: { status: 'ok' } })
    await page.waitForTimeout(2_500)
    expect((await storedRows('leads')).filter((row) => row.email === email)).toEqual([])
    expect(webhookCalls(email)).toBe(0)
  })
})

test.describe('the referral page', () => {
  test('records the click, stores the referral for 90 days and follows a safe next', async ({ page }) => {
    await page.goto('/r/PARTNER_42?next=/blog&utm_source=podcast')
    await expect(page).toHaveURL(`${BASE_URL}/blog`)
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), REFERRAL_STORAGE_KEY)) ?? 'null') as {
      ref_code: string
      expiresAt: number
    }
    expect(stored.ref_code).toBe('PARTNER_42')
    expect(Math.abs(stored.expiresAt - REFERRAL_TTL_MS - Date.now())).toBeLessThan(60_000)
    const click = received.find((hook) => hook.path === '/affiliate' && hook.body.ref_code === 'PARTNER_42')
    expect(click?.key).toBe('e2e-affiliate-key')
    expect(click?.body).toMatchObject({ utm_source: 'podcast' })
    expect((await storedRows('clicks')).some((row) => row.ref_code === 'PARTNER_42' && row.delivered_at !== null)).toBe(true)
  })

  test('ignores an unsafe next and goes home', async ({ page }) => {
    await page.goto('/r/PARTNER_43?next=//evil.example/steal')
    await expect(page).toHaveURL(`${BASE_URL}/`)
  })

  test('goes home without storing anything when the webhook says no', async ({ page }) => {
    await page.goto('/r/REJECTED?next=/blog')
    await expect(page).toHaveURL(`${BASE_URL}/`)
    expect(await page.evaluate((key) => localStorage.getItem(key), REFERRAL_STORAGE_KEY)).toBeNull()
  })

  test('goes home without storing anything when the click cannot be sent', async ({ page }) => {
    await page.route('**/api/affiliate-click', (route) => route.abort())
    await page.goto('/r/PARTNER_44?next=/blog')
    await expect(page).toHaveURL(`${BASE_URL}/`)
    expect(await page.evaluate((key) => localStorage.getItem(key), REFERRAL_STORAGE_KEY)).toBeNull()
  })

  test('goes home when there is no code', async ({ page }) => {
    await page.goto('/r/')
    await expect(page).toHaveURL(`${BASE_URL}/`)
  })
})

test.describe('the thank-you page', () => {
  test('sends one conversion per load with attribution from the query, storage and cookies', async ({ page, context }) => {
    await context.addCookies([
      { name: '_ga', value: 'GA1.1.123456789.1700000000', url: BASE_URL },
      { name: 'al_ref', value: 'COOKIE_CODE', url: BASE_URL },
    ])
    await page.goto('/blog')
    await page.evaluate(
      ([key, expiresAt]) => localStorage.setItem(key as string, JSON.stringify({ ref_code: 'STORED_CODE', expiresAt })),
      [REFERRAL_STORAGE_KEY, Date.now() + 1_000_000],
    )
    const bodies: Array<Record<string, unknown>> = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/conversion')) bodies.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>)
    })
    const sessionId = `cs_test_${Date.now()}`
    await page.goto(`/thank-you?session_id=${sessionId}&utm_source=google&utm_medium=cpc&utm_campaign=fall`)
    await waitForHydration(page)
    await expect.poll(() => bodies.length).toBe(1)
    expect(bodies[0]).toEqual({
      session_id: sessionId,
      ref_code: 'STORED_CODE',
      ga_client_id: '123456789.1700000000',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'fall',
    })

    // The query's ref wins over storage; a second load of the same session is the same conversion.
    await page.goto(`/thank-you?session_id=${sessionId}&ref=QUERY_CODE`)
    await expect.poll(() => bodies.length).toBe(2)
    expect(bodies[1]).toMatchObject({ ref_code: 'QUERY_CODE', utm_source: null })
    await page.waitForTimeout(500)
    expect(bodies).toHaveLength(2)
    await expect.poll(async () => (await storedRows('conversions')).filter((row) => row.session_id === sessionId).length).toBe(1)
  })

  test('says nothing when the conversion cannot be sent', async ({ page }) => {
    await page.route('**/api/conversion', (route) => route.abort())
    await page.goto('/thank-you')
    await waitForHydration(page)
    await expect(page.getByText(content.pages['thank-you'].customersOnly)).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })
})

test('serves a Content-Security-Policy without inline scripts, and the page still hydrates', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  const response = await page.goto('/')
  const csp = response?.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("script-src 'self'")
  expect(csp).not.toContain('unsafe-inline')
  expect(csp).toContain("frame-ancestors 'none'")
  await waitForHydration(page)
  expect(violations).toEqual([])
})

test('no webhook address or key reaches the browser: none is in any built file', async () => {
  const { readdirSync, readFileSync, statSync } = await import('node:fs')
  const { join } = await import('node:path')
  // The folder the build wrote (DIST_DIR), which the e2e server serves.
  const dir = clientDir()
  // `npm run test:e2e` builds with these webhook variables set, as a careless deploy might.
  const secrets = ['e2e-score-key', 'e2e-affiliate-key', `127.0.0.1:${WEBHOOK_PORT}`, 'SCORE_WEBHOOK', 'AFFILIATE_WEBHOOK']
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((file) => statSync(join(dir, file)).isFile() && !/\.(br|gz)$/.test(file))
  expect(files.length).toBeGreaterThan(50)
  const leaks = files.flatMap((file) => {
    const text = readFileSync(join(dir, file), 'latin1')
    return secrets.filter((secret) => text.includes(secret)).map((secret) => `${file}: ${secret}`)
  })
  expect(leaks).toEqual([])
})

test('the confirmation status line moves Received → Processing → Emailing over about 60 seconds, keeping the query', async ({ page }) => {
  await page.clock.install()
  await page.goto('/score/confirmation?utm_source=newsletter')
  await waitForHydration(page)
  const steps = content.pages['score-confirmation'].statusSteps
  const current = page.locator('.status-steps [aria-current="step"]')
  const announced = page.getByRole('status').filter({ hasText: new RegExp(`^(${steps.join('|')})$`) })
  await expect(current).toHaveText(steps[0]!)
  await page.clock.runFor(20_000)
  await expect(current).toHaveText(steps[1]!)
  await expect(announced).toHaveText(steps[1]!)
  await page.clock.runFor(20_000)
  await expect(current).toHaveText(steps[2]!)
  await page.clock.runFor(60_000)
  await expect(current).toHaveText(steps[2]!)
  expect(new URL(page.url()).search).toBe('?utm_source=newsletter')
})
