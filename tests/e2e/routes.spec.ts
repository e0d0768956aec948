import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { expect, siteContent, test, waitForHydration, WORKER_JOURNEY } from './fixtures'

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

/**
 * Every page the product requires, by its folder of pages/ (a route of its own), and the files it
 * serves beside them. An article or topic is not required by its slug: writers add, rename and remove
 * them (the routes above follow the content).
 */
const REQUIRED: Record<string, string[]> = {
  index: ['/', '/dashboard/anything'],
  'blog/index': ['/blog', '/blog/', '/blog.html'],
  'topics/index': ['/topics'],
  testimonials: ['/testimonials'],
  'privacy-policy': ['/privacy-policy'],
  'terms-of-service': ['/terms-of-service'],
  'score/confirmation': ['/score/confirmation'],
  'thank-you': ['/thank-you'],
  r: ['/r/PARTNER42'],
  _error: ['/no/such/page'],
  files: ['/sitemap.xml', '/robots.txt', '/rss.xml', '/atom.xml', '/feed.json', '/llms.txt'],
}
/** The folders of pages/ with a page, but those whose URL is an article's or a topic's slug. */
const pageFolders = (dir = 'pages'): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isFile()) return entry.name === '+Page.tsx' ? [relative('pages', dir).split(sep).join('/')] : []
    return entry.name.startsWith('@') ? [] : pageFolders(path)
  })

test('every page the product requires answers: 200, 308 to a page that does, or 404 for the not-found page', WORKER_JOURNEY, async ({ request }) => {
  expect(pageFolders().sort()).toEqual(
    Object.keys(REQUIRED)
      .filter((folder) => folder !== 'files')
      .sort(),
  )
  for (const [folder, paths] of Object.entries(REQUIRED)) {
    for (const path of paths) {
      const response = await request.get(path, { maxRedirects: 0 })
      if (folder === '_error') expect(response.status(), path).toBe(404)
      else if (response.status() === 308) expect((await request.get(response.headers().location!, { maxRedirects: 0 })).status(), path).toBe(200)
      else expect(response.status(), path).toBe(200)
    }
  }
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
  const path = `/topics/${content.topics[0]!.slug}`
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(/"faqs":\[[^\]]*\]/, '"faqs":null')
    await route.fulfill({ response, body: html })
  })
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!')
})
