import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { ARTICLE, BUILD_DATE, LEFT_OUT, OLD_ARTICLE_URL, OLD_TOPIC_URL, PUBLICATION_ROOT, publicationEnv, TOPIC } from './publication-site'
import { checkSiteReportOf, startServer, type RunningServer } from './sites'

// Drafts, schedules and old URLs on the site tests/e2e/publication-site.ts writes and builds (and check:site
// checks) before the tests, served by the real server process on a port of its own.
test.describe.configure({ mode: 'serial' })

let server: RunningServer | undefined
let origin = ''

test.beforeAll(async () => {
  const database = join(PUBLICATION_ROOT, 'site.db')
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true })
  server = await startServer({ ...publicationEnv(), PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `file:${database}` })
  origin = server.origin
})

test.afterAll(() => server?.stop())

test('check:site finds no draft or scheduled entry on the built site, and the hosts answer its old URLs like the server', () => {
  const checkSite = readFileSync(checkSiteReportOf(PUBLICATION_ROOT), 'utf8')
  expect(checkSite).toContain(`no draft or scheduled entry (3 for ${BUILD_DATE}) on any page or file: ok`)
  expect(checkSite).toMatch(/static hosts .*: ok/)
})

test('an old URL answers 308 with its page from the real server, and a browser lands on the page, query kept', async ({ page, request }) => {
  for (const [old, now] of [
    [OLD_ARTICLE_URL, ARTICLE],
    [OLD_TOPIC_URL, TOPIC],
  ] as const) {
    const response = await request.get(`${origin}${old}`, { maxRedirects: 0 })
    expect(response.status(), old).toBe(308)
    expect(response.headers().location, old).toBe(now)
  }
  const response = await page.goto(`${origin}${OLD_ARTICLE_URL}?utm_source=e2e`)
  expect(response?.status()).toBe(200)
  expect(page.url()).toBe(`${origin}${ARTICLE}?utm_source=e2e`)
  await expect(page.locator('h1')).toHaveText('Why Most LinkedIn Profiles Fail (and What Works Instead)')
})

test('a draft article, a future article and a future topic answer 404, and no list, sitemap or old URL leads to them', async ({ page, request }) => {
  for (const path of LEFT_OUT) {
    const response = await page.goto(`${origin}${path}`)
    expect(response?.status(), path).toBe(404)
    await expect(page.locator('h1')).toHaveText('Oops! Page not found')
  }
  for (const listing of ['/', '/blog', '/topics']) {
    await page.goto(`${origin}${listing}`)
    for (const path of LEFT_OUT) await expect(page.locator(`a[href="${path}"]`), `${listing} → ${path}`).toHaveCount(0)
  }
  await expect(page.getByText('A future topic')).toHaveCount(0)
  const sitemap = await (await request.get(`${origin}/sitemap.xml`)).text()
  expect(sitemap).toContain(`${ARTICLE}</loc>`)
  for (const path of [...LEFT_OUT, OLD_ARTICLE_URL, OLD_TOPIC_URL]) expect(sitemap, path).not.toContain(`${path}</loc>`)
})
