import { BASE_URL } from '../../playwright.config'
import { expect, siteContent, test } from './fixtures'

test('/blog/ and /blog reach the same page, at the canonical /blog', async ({ page }) => {
  const response = await page.goto('/blog/')
  expect(response?.status()).toBe(200)
  expect(page.url()).toBe(`${BASE_URL}/blog`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE_URL}/blog`)
})

test('the confirmation page keeps its query string and is not indexed', async ({ page }) => {
  await page.goto('/score/confirmation?x=1&utm_source=news')
  expect(new URL(page.url()).search).toBe('?x=1&utm_source=news')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
})

test('a /dashboard path shows the home page with the home canonical', async ({ page }) => {
  const response = await page.goto('/dashboard/settings')
  expect(response?.status()).toBe(200)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE_URL}/`)
  await expect(page.locator('#free-score')).toBeVisible()
})

test('noindex is set on exactly the confirmation, thank-you, referral and 404 pages', async ({ request }) => {
  const robotsOf = async (path: string) => /<meta name="robots" content="([^"]+)"/.exec(await (await request.get(path)).text())?.[1]
  for (const path of ['/score/confirmation', '/thank-you', '/r/ABC', '/missing-page']) expect(await robotsOf(path), path).toMatch(/noindex/)
  for (const path of ['/', '/blog', '/topics', '/testimonials', '/privacy-policy']) expect(await robotsOf(path), path).toBe('index, follow')
})

test('sitemap.xml lists every indexable page once with absolute URLs, and robots.txt points to it', async ({ request }) => {
  const content = await siteContent()
  const xml = await (await request.get('/sitemap.xml')).text()
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
  const expected = [
    '/', '/blog', '/privacy-policy', '/terms-of-service', '/testimonials', '/topics',
    ...content.posts.map((post) => `/blog/${post.slug}`),
    ...content.topics.map((topic) => `/topics/${topic.slug}`),
  ].map((path) => new URL(path, BASE_URL).href)
  expect([...urls].sort()).toEqual([...expected].sort())
  expect(urls).toEqual([...urls].sort())
  const newest = content.posts[0]!
  expect(xml).toContain(`<loc>${BASE_URL}/blog/${newest.slug}</loc><lastmod>${newest.updated ?? newest.date}</lastmod>`)
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`)
})
