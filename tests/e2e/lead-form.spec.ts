// The free-score form with JavaScript against the real server and fake webhooks (a bot's turned away unseen), the
// confirmation page's status line, and no webhook in a built file.
import { BASE_URL, WEBHOOK_PORT } from '../../playwright.config'
import { clientDir } from '../../lib/node/paths.server'
import { LEAD_FIELDS, LEAD_MESSAGES, SUBMIT_FAILED_MESSAGE } from '../../lib/universal/lead'
import { MIN_FILL_MS } from '../../server/endpoints'
import { expect, siteContent, test, waitForHydration, WORKER_JOURNEY } from './fixtures'
import { fillLead, receivedHooks, storedRows, ui, webhookCalls } from './lead-capture'

test.describe.configure({ mode: 'serial' })

const content = await siteContent()

test.describe('the free-score form', () => {
  test('shows each validation message in order, in an alert, with focus on the field at fault', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const form = page.locator('#free-score form')
    // Each step fills fields (label: value), then the first field still at fault gets the focus and its message.
    const steps: Array<[Partial<Record<'firstName' | 'linkedinUrl' | 'email', string>>, 'firstName' | 'linkedinUrl' | 'email', keyof typeof LEAD_MESSAGES]> = [
      [{ firstName: '   ' }, 'firstName', 'first_name'],
      [{ firstName: 'Ada', linkedinUrl: 'https://example.com/in/ada' }, 'linkedinUrl', 'linkedin_url'],
      [{ linkedinUrl: 'https://www.LinkedIn.com/in/ada-lovelace', email: 'ada at example.com' }, 'email', 'email'],
    ]
    for (const [fills, fault, message] of steps) {
      for (const [label, value] of Object.entries(fills)) await form.getByLabel(ui.form[label as typeof fault]).fill(value)
      await form.getByRole('button', { name: ui.form.submit }).click()
      await expect(form.getByRole('alert')).toHaveText(LEAD_MESSAGES[message])
      await expect(form.getByLabel(ui.form[fault])).toBeFocused()
    }
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

  test('under a strict CSP, one request on a double click: the lead stored and forwarded, the query kept', WORKER_JOURNEY, async ({ page, consoleErrors }) => {
    let requests = 0
    page.on('request', (request) => {
      if (request.url().endsWith('/api/score')) requests++
    })
    const email = `ada+${Date.now()}@example.com`
    const csp = (await page.goto('/?utm_source=newsletter&ref=PARTNER'))?.headers()['content-security-policy'] ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
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
    await expect
      .poll(async () => (await receivedHooks()).filter((hook) => hook.path === '/score' && hook.body.email === email).length, { timeout: 10_000 })
      .toBe(1)
    const sent = (await receivedHooks()).find((hook) => hook.body.email === email)!
    expect(sent.key).toBe('e2e-score-key')
    expect(Object.keys(sent.body).sort()).toEqual([...LEAD_FIELDS, 'submitted_at'].sort())
    // A script the policy refused would be a console error.
    expect(consoleErrors).toEqual([])
  })

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
    expect(await webhookCalls(email)).toBe(0)
  })
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
