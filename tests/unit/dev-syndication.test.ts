import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { childrenNamed, parseXml, textOf } from '../../lib/checks/xml'
import { loadSite } from '../../lib/node/site.server'
import { articleMarkdown } from './content-fixture'
import { devServerOnContentCopy } from './dev-server'

// `npm run dev` serves what a build writes beside the pages for feed readers and answer engines (the
// feeds, llms.txt, the markdown twins), made from the content copy as it is on disk at each request.
const dev = devServerOnContentCopy('dev-syndication-')
const { edit } = dev

const ARTICLE = 'why-most-linkedin-profiles-fail'
const TOPIC = 'ai-linkedin-audit'

/** A GET (or HEAD) of the dev server as a feed reader or an agent sends it: no `accept: text/html`. */
async function get(path: string, method = 'GET') {
  const response = await fetch(`${dev.origin}${path}`, { method })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** The RSS feed's items as a reader lists them: title and link. */
function rssItems(xml: string) {
  return childrenNamed(childrenNamed(parseXml(xml), 'channel')[0]!, 'item').map((item) => ({
    title: textOf(childrenNamed(item, 'title')[0]),
    link: textOf(childrenNamed(item, 'link')[0]),
  }))
}

const frontmatterLine = (relativePath: string, field: string) =>
  new RegExp(`^${field}: "?(.*?)"?$`, 'm').exec(readFileSync(join(dev.dir, relativePath), 'utf8'))![1]!

describe('feeds, llms.txt and markdown twins in npm run dev', () => {
  it('answers an article’s and a topic’s twin as markdown, kept out of search, never cached; HEAD too', async () => {
    const article = await get(`/blog/${ARTICLE}.md`)
    expect(article.status).toBe(200)
    expect(article.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    expect(article.headers.get('x-robots-tag')).toBe('noindex')
    expect(article.headers.get('cache-control')).toBe('no-cache')
    expect(article.text.startsWith(`# ${frontmatterLine(`blog/${ARTICLE}.md`, 'title')}\n`)).toBe(true)

    const topic = await get(`/topics/${TOPIC}.md`)
    expect(topic.status).toBe(200)
    expect(topic.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    expect(topic.text.startsWith(`# ${frontmatterLine(`topics/${TOPIC}.md`, 'h1')}\n\n## Short answer\n`)).toBe(true)

    const head = await get(`/blog/${ARTICLE}.md`, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(article.text))
    expect(head.text).toBe('')
  })

  it('answers the feeds, which parse and list every article, and llms.txt, which starts with the product’s name', async () => {
    const siteUrl = loadSite(dev.dir).siteUrl
    const slugs = readdirSync(join(dev.dir, 'blog')).map((file) => file.replace(/\.md$/, ''))
    const rss = await get('/rss.xml')
    expect(rss.status).toBe(200)
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const items = rssItems(rss.text)
    expect(items.map((item) => item.link).sort()).toEqual(slugs.map((slug) => `${siteUrl}/blog/${slug}`).sort())
    expect(items).toContainEqual({ title: frontmatterLine(`blog/${ARTICLE}.md`, 'title'), link: `${siteUrl}/blog/${ARTICLE}` })

    const atom = await get('/atom.xml')
    expect(atom.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    expect(childrenNamed(parseXml(atom.text), 'entry')).toHaveLength(slugs.length)
    const json = await get('/feed.json')
    expect(json.headers.get('content-type')).toBe('application/feed+json; charset=utf-8')
    expect((JSON.parse(json.text) as { items: unknown[] }).items).toHaveLength(slugs.length)

    const llms = await get('/llms.txt')
    expect(llms.status).toBe(200)
    expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(llms.text.startsWith(`# ${loadSite(dev.dir).productName}\n\n> `)).toBe(true)
    expect(llms.text).toContain(`](${siteUrl}/topics/${TOPIC}): `)
  })

  it('answers 404 for the twin of no article or topic', async () => {
    expect((await get('/blog/nope.md')).status).toBe(404)
    expect((await get('/topics/nope.md')).status).toBe(404)
  })

  it('shows an edit of the content at once, without a restart', async () => {
    await edit(`blog/${ARTICLE}.md`, (text) => text.replace(/^title: .*$/m, 'title: A title edited in dev'), `/blog/${ARTICLE}`, 200)
    await expect.poll(async () => (await get(`/blog/${ARTICLE}.md`)).text, { timeout: 10_000, interval: 250 }).toMatch(/^# A title edited in dev\n/)
    expect(rssItems((await get('/rss.xml')).text).map((item) => item.title)).toContain('A title edited in dev')
  })

  it('lists a draft, as dev shows drafts everywhere else', async () => {
    writeFileSync(join(dev.dir, 'blog/draft-syndicated.md'), articleMarkdown({ title: 'title: A draft for the feed', draft: 'draft: true' }))
    await expect.poll(async () => (await get('/blog/draft-syndicated.md')).status, { timeout: 10_000, interval: 250 }).toBe(200)
    expect((await get('/blog/draft-syndicated.md')).text).toMatch(/^# A draft for the feed\n/)
    expect(rssItems((await get('/rss.xml')).text).map((item) => item.title)).toContain('A draft for the feed')
    expect((await get('/llms.txt')).text).toContain('- [A draft for the feed](')
    rmSync(join(dev.dir, 'blog/draft-syndicated.md'))
    await expect.poll(async () => (await get('/blog/draft-syndicated.md')).status, { timeout: 10_000, interval: 250 }).toBe(404)
  })

  it('answers a bad file with the content error page (500) naming file and field, keeps the other twins, and recovers once it is fixed', async () => {
    const file = `blog/${ARTICLE}.md`
    const original = readFileSync(join(dev.dir, file), 'utf8')
    await edit(file, (text) => text.replace(/^date: .*$/m, 'date: 2025-02-30'), `/blog/${ARTICLE}.md`, 500)
    const problem = `${join(dev.dir, file)}</code><p>date: 2025-02-30 is not a real date; write YYYY-MM-DD`
    for (const path of [`/blog/${ARTICLE}.md`, '/rss.xml', '/llms.txt']) {
      const broken = await get(path)
      expect(broken.status, path).toBe(500)
      expect(broken.headers.get('content-type'), path).toBe('text/html; charset=utf-8')
      expect(broken.text, path).toContain(problem)
    }
    expect((await get('/blog/linkedin-audit-vs-linkedin-optimization.md')).status).toBe(200)
    expect((await get(`/topics/${TOPIC}.md`)).status).toBe(200)

    await edit(file, () => original, `/blog/${ARTICLE}.md`, 200)
    expect((await get('/rss.xml')).status).toBe(200)
  })
})
