import type { Page } from '@playwright/test'
import { readdirSync } from 'node:fs'
import { parse } from 'node-html-parser'
import { join, relative, sep } from 'node:path'
import { clientDir } from '../../lib/node/paths.server'
import { pathOfHtmlFile, SHELL_ROUTES } from '../../lib/universal/routes'
import { expect, siteContent, test, waitForHydration, WORKER_JOURNEY } from './fixtures'

// Every route: its status, its heading, a hydration with no console error, and on a phone no sideways scroll (a long
// word, table or line of code must never make the page wider than the screen, so that the reader scrolls down only)
// and no price that starts a line apart from the word before it. Of each template, its structured data in the raw HTML,
// as a crawler reads it, and its robots meta: noindex on exactly the confirmation, thank-you and referral pages (and the
// 404 page, below), as their +config.ts says. Titles, descriptions, canonicals and the sitemap are `npm run check:site`'s;
// what each builder writes (the author as a Person, each article's pictures), seo.test.ts's and social-head.test.tsx's.
const content = await siteContent()
const PHONE_WIDTH = 390
/** The heading of each route: every page the build wrote has one (a shell's under its prefix, as a visitor reaches it). */
const headings = new Map<string, string>([
  ['/', content.pages.home.h1],
  ['/dashboard/anything/here', content.pages.home.h1],
  ['/score/confirmation', content.pages['score-confirmation'].h1],
  ['/thank-you', 'Congrats, your audit is on its way'],
  ['/privacy-policy', content.pages['privacy-policy'].h1],
  ['/terms-of-service', content.pages['terms-of-service'].h1],
  ['/blog', content.pages.blog.h1],
  ...content.posts.map((post): [string, string] => [`/blog/${post.slug}`, post.title]),
  ['/testimonials', content.pages.testimonials.h1],
  ['/topics', content.pages.topics.h1],
  ...content.topics.map((topic): [string, string] => [`/topics/${topic.slug}`, topic.h1]),
  ['/r/PARTNER42', 'Redirecting…'],
])
/** A URL of each page the build wrote, from its HTML files as the server maps them, but the 404 page's (tested below). */
const builtPagePaths = (readdirSync(clientDir(), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.html'))
  .flatMap((file) => pathOfHtmlFile(file.split(sep).join('/')) ?? [])
  .map((path) => (SHELL_ROUTES.some((shell) => shell.prefix === path) ? `${path}/PARTNER42` : path))
/**
 * Pages that name the price: an article, and a topic that shows the upgrade button. On /, the dark band's checkout
 * button ("Get the Full Authority Audit — $97") among them.
 */
const pricedPaths = new Set([
  '/',
  '/testimonials',
  '/score/confirmation',
  `/topics/${content.topics.find((topic) => topic.showUpgradeCTA !== false)!.slug}`,
  `/blog/${content.posts[0]!.slug}`,
])

/** The pages kept out of search indexes (the 404 page too); every other page is indexable. */
const NOINDEX = new Set(['/score/confirmation', '/thank-you', '/r/PARTNER42'])

/** The @types of each template's structured data, in exactly one JSON-LD script. */
const jsonLdTypes = new Map([
  ['/', ['Organization', 'WebSite']],
  ['/topics', ['CollectionPage']],
  [`/topics/${content.topics[0]!.slug}`, ['BreadcrumbList', 'FAQPage']],
  ['/blog', ['Blog']],
  [`/blog/${content.posts[0]!.slug}`, ['BlogPosting', 'BreadcrumbList']],
])

/**
 * Every price on the page that shares a text node with the word before it, and whether the two are
 * drawn on one line: the rectangles of a range over "word $97" (or "word — $97") all have one top.
 */
function pricesOnOneLine(page: Page) {
  return page.evaluate(() => {
    const found: Array<{ text: string; lines: number }> = []
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+[\s\u00a0]+(?:[—–][\s\u00a0]+)?\$\d+/g)) {
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0)
        if (rects.length === 0) continue
        found.push({ text: match[0], lines: new Set(rects.map((rect) => Math.round(rect.top))).size })
      }
    }
    return found
  })
}

test.use({ viewport: { width: PHONE_WIDTH, height: 844 } })

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

for (const path of new Set([...headings.keys(), ...builtPagePaths])) {
  test(`${path}: 200, heading, JSON-LD, a clean hydration; at ${PHONE_WIDTH} px no sideways scroll or lone "$97"`, async ({ page, consoleErrors }) => {
    expect(headings.get(path), 'the heading of a page the build wrote').toBeDefined()
    // The referral shell leaves as soon as the click is recorded: hold the answer to look at the page.
    await page.route('**/api/affiliate-click', () => {})
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    const raw = parse(await response!.text())
    expect(raw.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(NOINDEX.has(path) ? 'noindex, nofollow' : 'index, follow')
    const jsonLd = raw.querySelectorAll('script[type="application/ld+json"]')
    const things = jsonLd.flatMap((script) => {
      const item = JSON.parse(script.text) as { '@graph'?: Array<{ '@type': string }>; '@type': string }
      return item['@graph'] ?? [item]
    })
    if (jsonLdTypes.has(path)) {
      expect(jsonLd, 'JSON-LD scripts').toHaveLength(1)
      expect(things.map((thing) => thing['@type']).sort()).toEqual(jsonLdTypes.get(path))
    }
    await expect(page.locator('h1')).toHaveText(headings.get(path)!)
    await waitForHydration(page)
    expect(consoleErrors).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH)
    // Every answer of the home FAQ open, so its prices are laid out too.
    await page.locator('details').evaluateAll((items) => items.forEach((item) => item.setAttribute('open', '')))
    const prices = await pricesOnOneLine(page)
    if (pricedPaths.has(path)) expect(prices.length, 'prices found').toBeGreaterThan(0)
    expect(prices.filter((price) => price.lines > 1)).toEqual([])
  })
}

test('an unknown path answers 404 with the not-found page, noindex, no wider than the phone, a link home, and logs it to the console', async ({ page }) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  expect(
    parse(await response!.text())
      .querySelector('meta[name="robots"]')
      ?.getAttribute('content'),
  ).toBe('noindex, nofollow')
  await expect(page.locator('h1')).toHaveText('Oops! Page not found')
  await waitForHydration(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH)
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
