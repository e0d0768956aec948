// The free-score form with JavaScript against the real server and fake webhooks, and the confirmation page's status line.
import { BASE_URL } from '../../playwright.config'
import { LEAD_MESSAGES, SUBMIT_FAILED_MESSAGE } from '../../lib/universal/lead'
import { MIN_FILL_MS } from '../../server/endpoints'
import { expect, siteContent, test, waitForHydration, WORKER_JOURNEY } from './fixtures'
import { fillLead, receivedHooks, storedRows, ui } from './lead-capture'

test.describe.configure({ mode: 'serial' })

const content = await siteContent()

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

  test('sends one request on a double click, stores the lead, forwards it and keeps the query string', WORKER_JOURNEY, async ({ page }) => {
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
    await expect
      .poll(async () => (await receivedHooks()).filter((hook) => hook.path === '/score' && hook.body.email === email).length, { timeout: 10_000 })
      .toBe(1)
    const sent = (await receivedHooks()).find((hook) => hook.body.email === email)!
    expect(sent.key).toBe('e2e-score-key')
    expect(Object.keys(sent.body).sort()).toEqual(['email', 'first_name', 'linkedin_url', 'submitted_at'])
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
