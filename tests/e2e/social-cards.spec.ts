import sharp from 'sharp'
import { BASE_URL } from '../../playwright.config'
import { expect, siteContent, test } from './fixtures'

// What a social network finds when a page is shared: the page's og:image, fetched from the real
// server like a crawler would, is the page's own 1200 × 630 PNG, cached for a year.

const content = await siteContent()
const ARTICLE = `/blog/${content.posts[0]!.slug}`
const TOPIC = `/topics/${content.topics[0]!.slug}`

test("an article's og:image answers 200 image/png, 1200 × 630, cached for a year", async ({ page, request }) => {
  await page.goto(ARTICLE)
  const url = await page.locator('meta[property="og:image"]').getAttribute('content')
  expect(url).toMatch(new RegExp(`^${BASE_URL}/assets/cards/[0-9a-f]{32}\\.png$`))
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200')
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630')
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')

  const response = await request.get(url!)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/png')
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(await sharp(await response.body()).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 })
})

test("each page shares its own card, and the article's publisher logo is a PNG too", async ({ page, request }) => {
  const cards = new Set<string>()
  for (const path of ['/', '/blog', '/topics', '/testimonials', TOPIC, ARTICLE]) {
    await page.goto(path)
    cards.add((await page.locator('meta[property="og:image"]').getAttribute('content'))!)
  }
  expect(cards.size).toBe(6)

  await page.goto(ARTICLE)
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { '@graph': Array<Record<string, unknown>> }
  const logo = (jsonLd['@graph'].find((item) => item['@type'] === 'BlogPosting')!.publisher as { logo: { url: string } }).logo.url
  const response = await request.get(logo)
  expect(response.status()).toBe(200)
  expect(await sharp(await response.body()).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 })
})
