// What keeps leads clean and secrets home: bots turned away unseen, the Content-Security-Policy, no webhook in a built file.
import { BASE_URL, WEBHOOK_PORT } from '../../playwright.config'
import { clientDir } from '../../lib/node/paths.server'
import { MIN_FILL_MS } from '../../server/endpoints'
import { expect, test, waitForHydration, WORKER_JOURNEY } from './fixtures'
import { fillLead, storedRows, ui, webhookCalls } from './lead-capture'

test.describe.configure({ mode: 'serial' })

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
    expect(await webhookCalls(email)).toBe(0)
  })
})

test('serves a Content-Security-Policy without inline scripts, and the page still hydrates', WORKER_JOURNEY, async ({ page }) => {
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
