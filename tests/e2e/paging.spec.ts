import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, waitForHydration } from './fixtures'
import { PAGED_ROOT } from './paged-site'
import { checkSiteReportOf, siteEnvUnder, startServer, type RunningServer } from './sites'

// The topic index in pages, on a site whose topics run to several pages of it (tests/e2e/paged-site.ts),
// built and checked by check:site before the tests (tests/e2e/global-setup.ts) and served by the real
// server process on a port of its own. What each page holds (its head, nav, CollectionPage; no page 1 and
// none past the last) is topic-index.test.tsx's; that the sitemap lists them all, check:site's.
test.describe.configure({ mode: 'serial' })

let server: RunningServer | undefined
let origin = ''
/** Every topic page the site has, as its sitemap lists them. */
let topics: string[] = []
/** The words of the nav between the index's pages, as content/pages/topics.md gives them. */
let nav = { label: '', next: '' }

test.beforeAll(async () => {
  const page = readFileSync(join(PAGED_ROOT, 'content', 'pages', 'topics.md'), 'utf8')
  const word = (key: string) => new RegExp(`^  ${key}: (.*)$`, 'm').exec(page)![1]!
  nav = { label: word('label'), next: word('next') }
  server = await startServer({ ...siteEnvUnder(PAGED_ROOT), PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `file:${join(PAGED_ROOT, 'site.db')}` })
  origin = server.origin
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
  topics = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/topics\/[^/<]+)<\/loc>/g)].map(([, path]) => path!)
})

test.afterAll(() => server?.stop())

test('check:site passes on the paged site: its links, sitemap, canonical URLs and host rules', () => {
  const output = readFileSync(checkSiteReportOf(PAGED_ROOT), 'utf8')
  expect(output).not.toMatch(/\d+ problems?\n/)
  expect(output).toMatch(/sitemap: ok/)
  expect(output).toMatch(/static hosts .*: ok/)
})

test('every topic is three clicks from home: the header, a page of the index (the next from its nav), the topic', async ({ page, consoleErrors }) => {
  await page.goto(`${origin}/`)
  await page.getByRole('banner').getByRole('link', { name: 'Topics', exact: true }).first().click()
  await expect(page).toHaveURL(`${origin}/topics`)
  const pager = page.getByRole('navigation', { name: nav.label })
  await pager.getByRole('link', { name: nav.next }).click()
  await expect(page).toHaveURL(`${origin}/topics/page/2`)
  await waitForHydration(page)
  await expect(pager.locator('[aria-current="page"]')).toHaveAttribute('href', '/topics/page/2')
  expect(consoleErrors).toEqual([])
  const pages = await pager.locator('a').evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!))])
  expect(pages.length).toBeGreaterThan(2)
  // Each topic once: no two pages list the same one.
  const reached: string[] = []
  for (const path of pages) {
    await page.goto(`${origin}${path}`)
    for (const href of await page.locator('.card-grid h2 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) reached.push(href)
  }
  expect(topics.length).toBeGreaterThan(100)
  expect(reached.sort()).toEqual([...topics].sort())
})
