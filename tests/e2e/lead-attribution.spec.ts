// Attribution: the referral page's click and stored code, and the thank-you page's conversion.
import { BASE_URL } from '../../playwright.config'
import { REFERRAL_STORAGE_KEY, REFERRAL_TTL_MS } from '../../lib/universal/referral'
import { expect, siteContent, test, waitForHydration, WORKER_JOURNEY } from './fixtures'
import { receivedHooks, storedRows } from './lead-capture'

test.describe.configure({ mode: 'serial' })

const content = await siteContent()
const thankYou = content.pages['thank-you']

test.describe('the referral page', () => {
  test('records the click, stores the referral for 90 days and follows a safe next, but an unsafe one home', WORKER_JOURNEY, async ({ page }) => {
    await page.goto('/r/PARTNER_42?next=/blog&utm_source=podcast')
    await expect(page).toHaveURL(`${BASE_URL}/blog`)
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), REFERRAL_STORAGE_KEY)) ?? 'null') as {
      ref_code: string
      expiresAt: number
    }
    expect(stored.ref_code).toBe('PARTNER_42')
    expect(Math.abs(stored.expiresAt - REFERRAL_TTL_MS - Date.now())).toBeLessThan(60_000)
    const click = (await receivedHooks()).find((hook) => hook.path === '/affiliate' && hook.body.ref_code === 'PARTNER_42')
    expect(click?.key).toBe('e2e-affiliate-key')
    expect(click?.body).toMatchObject({ utm_source: 'podcast' })
    expect((await storedRows('clicks')).some((row) => row.ref_code === 'PARTNER_42' && row.delivered_at !== null)).toBe(true)

    await page.goto('/r/PARTNER_43?next=//evil.example/steal')
    await expect(page).toHaveURL(`${BASE_URL}/`)
  })

  for (const [when, path, refuse] of [
    ['the webhook says no', '/r/REJECTED?next=/blog', false],
    ['the click cannot be sent', '/r/PARTNER_44?next=/blog', true],
    ['there is no code', '/r/', false],
  ] as const) {
    test(`goes home without storing anything when ${when}`, async ({ page }) => {
      if (refuse) await page.route('**/api/affiliate-click', (route) => route.abort())
      await page.goto(path)
      await expect(page).toHaveURL(`${BASE_URL}/`)
      expect(await page.evaluate((key) => localStorage.getItem(key), REFERRAL_STORAGE_KEY)).toBeNull()
    })
  }
})

test.describe('the thank-you page', () => {
  test('offers the intake form, and sends one conversion per load attributed by query, storage and cookies', WORKER_JOURNEY, async ({ page, context }) => {
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
    await expect(page.getByRole('link', { name: thankYou.intakeButton })).toHaveAttribute('href', content.site.intakeFormUrl)
    await expect(page.getByText(thankYou.customersOnly)).toBeHidden()
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

  test('without a session_id, says it is for customers, offers no intake form, and nothing when the conversion cannot be sent', async ({ page }) => {
    await page.route('**/api/conversion', (route) => route.abort())
    await page.goto('/thank-you')
    await waitForHydration(page)
    await expect(page.getByText(thankYou.customersOnly)).toBeVisible()
    await expect(page.getByRole('link', { name: thankYou.intakeButton })).toHaveCount(0)
    await expect(page.getByRole('alert')).toHaveCount(0)
  })
})
