import { BASE_URL } from '../../playwright.config'
import { expect, siteContent, test } from './fixtures'

// What a feed reader, an answer engine or an agent gets from the real server: the feeds, llms.txt and
// the markdown twins, each with its media type and headers, and the links in every page's head that lead to them.

const content = await siteContent()
const post = content.posts[0]!
const topic = content.topics[0]!

test('the server sends each feed with its media type and a short cache, and the browser reads RSS and Atom as XML listing every article', async ({
  page,
  request,
}) => {
  const articles = content.posts.map((entry) => `${BASE_URL}/blog/${entry.slug}`)
  for (const [path, type] of [
    ['/rss.xml', 'application/rss+xml; charset=utf-8'],
    ['/atom.xml', 'application/atom+xml; charset=utf-8'],
    ['/feed.json', 'application/feed+json; charset=utf-8'],
  ]) {
    const response = await request.get(path!)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['content-type'], path).toBe(type)
    expect(response.headers()['cache-control'], path).toBe('public, max-age=600')
  }
  await page.goto('/')
  // Chromium's own XML parser: a feed with one mistake would give a <parsererror> document.
  const read = (path: string, selector: string, attribute?: string) =>
    page.evaluate(
      async ({ path, selector, attribute }) => {
        const doc = new DOMParser().parseFromString(await (await fetch(path)).text(), 'application/xml')
        if (doc.querySelector('parsererror')) return [`${path} does not parse: ${doc.querySelector('parsererror')!.textContent}`]
        return [...doc.querySelectorAll(selector)].map((element) => (attribute ? element.getAttribute(attribute) : element.textContent))
      },
      { path, selector, attribute },
    )
  expect(await read('/rss.xml', 'item > link')).toEqual(articles)
  expect(await read('/atom.xml', 'entry > link', 'href')).toEqual(articles)
  const json = (await (await request.get('/feed.json')).json()) as { items: Array<{ url: string }> }
  expect(json.items.map((item) => item.url)).toEqual(articles)
})

test('the server sends llms.txt as plain text: the product name as its H1, and a line for every article and topic', async ({ request }) => {
  const response = await request.get('/llms.txt')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8')
  const text = await response.text()
  expect(text.split('\n')[0]).toBe(`# ${content.site.productName}`)
  expect(text).toContain(`- [${post.title}](${BASE_URL}/blog/${post.slug}): ${post.description}\n`)
  expect(text).toContain(`- [${topic.title}](${BASE_URL}/topics/${topic.slug}): ${topic.summary}\n`)
})

test('the server sends the markdown twins of an article and a topic as markdown, kept out of search results', async ({ request }) => {
  for (const [path, heading] of [
    [`/blog/${post.slug}.md`, post.title],
    [`/topics/${topic.slug}.md`, topic.h1],
  ]) {
    const response = await request.get(path!)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['content-type'], path).toBe('text/markdown; charset=utf-8')
    expect(response.headers()['x-robots-tag'], path).toBe('noindex')
    expect((await response.text()).split('\n')[0], path).toBe(`# ${heading}`)
  }
  expect((await request.get('/topics/no-such-topic.md')).status()).toBe(404)
})

test("every page's head names the feeds, and an article's or a topic's its markdown twin", async ({ page }) => {
  for (const [path, twin] of [
    ['/', undefined],
    [`/blog/${post.slug}`, `${BASE_URL}/blog/${post.slug}.md`],
    [`/topics/${topic.slug}`, `${BASE_URL}/topics/${topic.slug}.md`],
  ]) {
    await page.goto(path!)
    const alternates = page.locator('head link[rel="alternate"]')
    await expect(alternates.and(page.locator('[type="application/rss+xml"]'))).toHaveAttribute('href', `${BASE_URL}/rss.xml`)
    await expect(alternates.and(page.locator('[type="application/atom+xml"]'))).toHaveAttribute('href', `${BASE_URL}/atom.xml`)
    await expect(alternates.and(page.locator('[type="application/feed+json"]'))).toHaveAttribute('href', `${BASE_URL}/feed.json`)
    const markdown = alternates.and(page.locator('[type="text/markdown"]'))
    if (twin) await expect(markdown).toHaveAttribute('href', twin)
    else await expect(markdown).toHaveCount(0)
  }
})

test('robots.txt lets AI search agents in and keeps AI training crawlers out, as content/site.json says', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toMatch(/User-agent: OAI-SearchBot\n(User-agent: .+\n)*Allow: \/\n/)
  expect(robots).toMatch(/User-agent: GPTBot\n(User-agent: .+\n)*Disallow: \/\n/)
})
