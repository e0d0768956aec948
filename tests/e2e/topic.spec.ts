import { expect, siteContent, test, waitForHydration } from './fixtures'

const content = await siteContent()
const topic = content.topics[0]!

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false })

  test('a topic page shows its breadcrumb, short answer and both FAQ entries', async ({ page }) => {
    await page.goto(`/topics/${topic.slug}`)
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    await expect(breadcrumb.getByRole('link', { name: 'Topics' })).toHaveAttribute('href', '/topics')
    await expect(breadcrumb.getByText(topic.title, { exact: true })).toBeVisible()
    await expect(page.getByText(topic.shortAnswer)).toBeVisible()
    for (const faq of topic.faqs) {
      await expect(page.getByText(faq.q, { exact: true })).toBeVisible()
      await expect(page.getByText(faq.a, { exact: true })).toBeVisible()
    }
  })
})

test('the supporting copy, rendered at build time, is still on the page after hydration', async ({ page }) => {
  await page.goto(`/topics/${topic.slug}`)
  await waitForHydration(page)
  const firstParagraph = /<p>(.*?)<\/p>/.exec(topic.html)![1]!.replace(/<[^>]+>/g, '')
  await expect(page.locator('.prose p').first()).toHaveText(firstParagraph)
})

test('/topics shows a card linking to every topic', async ({ page }) => {
  await page.goto('/topics')
  for (const item of content.topics) {
    await expect(page.getByRole('link', { name: item.title, exact: true })).toHaveAttribute('href', `/topics/${item.slug}`)
  }
  await expect(page.locator('.card-grid > li')).toHaveCount(content.topics.length)
})

test('the header menu opens and closes on a phone once the page is interactive', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/topics/${topic.slug}`)
  await waitForHydration(page)
  const menu = page.getByRole('button', { name: 'Open menu' })
  await menu.click()
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
})
