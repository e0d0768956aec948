import { loadUiText } from '../../lib/node/ui-text.server'
import { expect, siteContent, test, waitForHydration } from './fixtures'

const content = await siteContent()

test.describe('the mobile menu', () => {
  test.use({ viewport: { width: 320, height: 700 } })

  test('sits beside the search button, both whole on the screen, and opens and closes by click, by Escape and when a link is followed', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    const toggle = page.locator('.menu-button')
    const search = (await page.getByRole('button', { name: loadUiText('content').search.open }).boundingBox())!
    const menu = (await toggle.boundingBox())!
    expect(search.x + search.width).toBeLessThanOrEqual(menu.x)
    expect(menu.x + menu.width).toBeLessThanOrEqual(320)
    expect(Math.abs(search.y - menu.y)).toBeLessThan(2)
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeHidden()

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeVisible()
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeHidden()

    await toggle.click()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await toggle.click()
    await nav.getByRole('link', { name: 'FAQ' }).click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(page).toHaveURL(/#faq$/)
  })
})

test('the home page shows every section of the spec, in order; each of its 27 FAQs opens, the first from the keyboard too', async ({ page }) => {
  await page.goto('/')
  const ids = await page.locator('main > section[id], main > section > div > section[id]').evaluateAll((sections) => sections.map((section) => section.id))
  expect(ids).toEqual(['free-score', 'audit', 'how-it-works', 'guarantee', 'get-started', 'faq'])
  await expect(page.locator('#how-it-works ol > li')).toHaveCount(3)
  await expect(page.locator('#get-started')).toContainText('6 required and 3 optional')
  await expect(page.locator('#audit')).toContainText('$97')
  for (const name of ['First name', 'LinkedIn profile or company page URL', 'E-mail']) {
    await expect(page.locator('#free-score').getByLabel(name)).toHaveAttribute('required', '')
  }
  const footer = page.locator('footer')
  for (const href of [content.site.social.linkedin, content.site.social.x, content.site.social.instagram, `mailto:${content.site.supportEmail}`]) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1)
  }
  await expect(footer).toContainText(content.site.legalNote)

  const items = page.locator('#faq details')
  const summary = items.first().locator('summary')
  const chevron = () => summary.evaluate((element) => getComputedStyle(element, '::after').transform)
  await expect(summary).toHaveCSS('display', 'flex')
  // Closed, the chevron (a corner turned 45°) points down; open, it has turned half a turn more, up.
  expect(await chevron()).toMatch(/^matrix\(0\.70\d+, 0\.70\d+, -0\.70\d+, 0\.70\d+, /)
  await summary.focus()
  await page.keyboard.press('Enter')
  await expect(items.first()).toHaveAttribute('open', '')
  await expect.poll(chevron).toMatch(/^matrix\(-0\.70\d+, -0\.70\d+, 0\.70\d+, -0\.70\d+, /)
  await page.keyboard.press('Space')
  await expect(items.first()).not.toHaveAttribute('open', '')

  await expect(items).toHaveCount(27)
  for (const [index, faq] of content.pages.home.faqs.entries()) {
    const item = items.nth(index)
    await expect(item.getByText(faq.a)).toBeHidden()
    await item.locator('summary').click()
    await expect(item).toHaveAttribute('open', '')
    await expect(item.getByText(faq.a)).toBeVisible()
  }
})

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('every home section is visible, none waiting for the scroll reveal', async ({ page }) => {
    await page.goto('/')
    for (const id of ['audit', 'how-it-works', 'guarantee', 'get-started', 'faq']) {
      const section = page.locator(`#${id}`)
      await section.scrollIntoViewIfNeeded()
      await expect(section.locator('h2').first()).toBeVisible()
      expect(await section.evaluate((element) => getComputedStyle(element).opacity), id).toBe('1')
    }
  })
})

test('sections below the fold fade in when scrolled into view, without shifting layout', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const guarantee = page.locator('#guarantee')
  await expect(guarantee).toHaveClass(/reveal-pending/)
  const before = await guarantee.evaluate((element) => (element as HTMLElement).offsetTop)
  await guarantee.scrollIntoViewIfNeeded()
  await expect(guarantee).not.toHaveClass(/reveal-pending/)
  await expect.poll(() => guarantee.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')
  expect(await guarantee.evaluate((element) => (element as HTMLElement).offsetTop)).toBe(before)
})
