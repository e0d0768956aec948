import { expect, siteContent, test, waitForHydration } from './fixtures'

// Every route: its status, its heading, and a hydration with no console error.
const content = await siteContent()
const routes: Array<{ path: string; heading: string }> = [
  { path: '/', heading: content.pages.home.h1 },
  { path: '/dashboard/anything/here', heading: content.pages.home.h1 },
  { path: '/score/confirmation?x=1', heading: content.pages['score-confirmation'].h1 },
  { path: '/thank-you', heading: 'Congrats, your audit is on its way' },
  { path: '/privacy-policy', heading: content.pages['privacy-policy'].h1 },
  { path: '/terms-of-service', heading: content.pages['terms-of-service'].h1 },
  { path: '/blog', heading: content.pages.blog.h1 },
  ...content.posts.map((post) => ({ path: `/blog/${post.slug}`, heading: post.title })),
  { path: '/testimonials', heading: content.pages.testimonials.h1 },
  { path: '/topics', heading: content.pages.topics.h1 },
  ...content.topics.map((topic) => ({ path: `/topics/${topic.slug}`, heading: topic.h1 })),
  { path: '/r/PARTNER42', heading: 'Redirecting…' },
]

test('the route list covers the 5 articles and the 29 topics', () => {
  expect(routes).toHaveLength(10 + 5 + 29)
})

for (const { path, heading } of routes) {
  test(`${path} answers 200, shows "${heading}" and hydrates without a console error`, async ({ page, consoleErrors }) => {
    // The referral shell leaves as soon as the click is recorded: hold the answer to look at the page.
    await page.route('**/api/affiliate-click', () => {})
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.locator('h1')).toHaveText(heading)
    await waitForHydration(page)
    expect(consoleErrors).toEqual([])
  })
}

test('an unknown path answers 404 with the not-found page, a link home, and logs it to the console', async ({ page }) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.locator('h1')).toHaveText('Oops! Page not found')
  await waitForHydration(page)
  expect(warnings).toContain('404 Error: User attempted to access non-existent route: /no/such/page')
  await page.getByRole('main').getByRole('link', { name: content.pages['not-found'].homeLink }).click()
  await expect(page).toHaveURL('/')
  await expect(page.locator('h1')).toHaveText(content.pages.home.h1)
})

test('a page whose render fails shows "Unexpected Application Error!"', async ({ page }) => {
  // Break the data the topic page hydrates with, as a failing route would.
  await page.route('**/topics/linkedin-proof-signals', async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(/"faqs":\[[^\]]*\]/, '"faqs":null')
    await route.fulfill({ response, body: html })
  })
  await page.goto('/topics/linkedin-proof-signals')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!')
})
