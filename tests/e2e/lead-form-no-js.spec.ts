// The free-score form without JavaScript: the post, a refused value, the timing, what URLs carry. The browser's own
// checks are the form's attributes (lead-capture-form.test.ts, lead.test.ts); a post from another site's page and one
// lead per person, the API's rules (lead-capture-abuse.test.ts).
import type { Page, Request } from '@playwright/test'
import { BASE_URL } from '../../playwright.config'
import { LEAD_MESSAGES } from '../../lib/universal/lead'
import { MIN_FILL_MS } from '../../server/endpoints'
import { expect, siteContent, test, WORKER_JOURNEY } from './fixtures'
import { fillLead, storedRows, ui, webhookCalls } from './lead-capture'

test.describe.configure({ mode: 'serial' })

const content = await siteContent()

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

test.describe('the free-score form without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test(
    'posts the form, lands on the confirmation page with the query kept, stores and forwards the lead, and no URL carries what was typed',
    WORKER_JOURNEY,
    async ({ page }) => {
      const urls = watchUrls(page)
      const id = Date.now()
      const typed = { first_name: `Nojsada${id}`, linkedin_url: `https://www.linkedin.com/in/nojs-ada-${id}`, email: `nojs${id}@example.com` }
      await page.goto('/?utm_source=newsletter&ref=PARTNER')
      const form = page.locator('#free-score form')
      await fillLead(form, typed)
      // Without JavaScript the server times the form by its page's cookie (server/form-timing.ts), and a form sent
      // sooner than MIN_FILL_MS after its page was served is taken for a bot's: wait as long as a person typing would.
      await page.waitForTimeout(MIN_FILL_MS)
      await form.getByRole('button', { name: ui.form.submit }).click()
      await expect(page).toHaveURL(`${BASE_URL}/score/confirmation?utm_source=newsletter&ref=PARTNER`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.pages['score-confirmation'].h1)

      expect((await storedRows('leads')).filter((row) => row.email === typed.email)).toEqual([
        expect.objectContaining({ first_name: typed.first_name, linkedin_url: typed.linkedin_url }),
      ])
      await expect.poll(() => webhookCalls(typed.email), { timeout: 10_000 }).toBe(1)
      expect(leaks(await urls(), Object.values(typed))).toEqual([])
    },
  )

  test('answers a refused value with the exact message and the values typed, then takes the corrected form, keeping the query', async ({
    page,
    consoleErrors,
  }) => {
    const urls = watchUrls(page)
    const id = Date.now()
    const typed = { first_name: '<img src=x onerror=alert(1)>', linkedin_url: `https://www.linkedin.com/in/refused-${id}`, email: `refused${id}@example.com` }
    await page.goto('/?utm_source=ads')
    const form = page.locator('form.score-form')
    await fillLead(form, typed)
    await page.waitForTimeout(MIN_FILL_MS)
    await form.getByRole('button', { name: ui.form.submit }).click()

    // Every value typed is kept, escaped, and nothing stored: lead-capture-form.test.ts. Here, the markup stays text.
    await expect(form.getByRole('alert')).toHaveText(LEAD_MESSAGES.first_name)
    await expect(form.getByLabel(ui.form.firstName)).toHaveValue(typed.first_name)
    await expect(page.locator('img')).toHaveCount(0)

    await form.getByLabel(ui.form.firstName).fill('Ada')
    await form.getByRole('button', { name: ui.form.submit }).click()
    await expect(page).toHaveURL(`${BASE_URL}/score/confirmation?utm_source=ads`)
    expect((await storedRows('leads')).filter((row) => row.email === typed.email)).toEqual([expect.objectContaining({ first_name: 'Ada' })])
    expect(leaks(await urls(), [typed.email, `refused-${id}`, 'onerror'])).toEqual([])
    // The refused answer's 400 is a console error of the browser's own; a Content-Security-Policy violation would be one too.
    expect(consoleErrors.filter((error) => /Content Security Policy/i.test(error))).toEqual([])
  })

  // Sent later, the same form is stored: form-timing.test.ts (the rule), and the first test here (the journey).
  test(`a form sent less than ${MIN_FILL_MS} ms after its page was served reaches the confirmation page, and is not stored or forwarded`, async ({ page }) => {
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
    expect(await webhookCalls(typed.email)).toBe(0)
  })
})
