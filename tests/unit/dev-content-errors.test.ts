import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { childrenNamed, parseXml, textOf } from '../../lib/checks/xml'
import { loadSite } from '../../lib/node/site.server'
import { TOPICS_PER_PAGE } from '../../lib/universal/content/topic-pages'
import { articleMarkdown, topicMarkdown } from './content-fixture'
import { devServerOnContentCopy } from './dev-server'

// `npm run dev` (vike dev) on a copy of the content: a writer breaks a file, looks at the page in the
// browser, fixes the file, looks again, without restarting anything; the feeds, llms.txt and twins, and the
// topic index's pages, made from the copy as it is now.
const dev = devServerOnContentCopy('dev-content-')
const { page, edit } = dev

describe('content errors in npm run dev', () => {
  it('shows a bad file’s problems on its own page, with file, line and what to do; other pages keep working; fixing it recovers', async () => {
    const topic = 'topics/ai-linkedin-audit.md'
    const original = readFileSync(join(dev.dir, topic), 'utf8')
    await edit(topic, (text) => text.replace(/^title: .*$/m, 'title: "Unclosed'), '/topics/ai-linkedin-audit', 500)

    const broken = await page('/topics/ai-linkedin-audit')
    expect(broken.html).toContain(`${join(dev.dir, topic)}:2:8`)
    expect(broken.html).toContain('the quote (&quot;) that opens this value is never closed; add one where the value ends')
    // The page reloads itself when the file changes: it carries Vite's client.
    expect(broken.html).toContain('/@vite/client')
    for (const path of ['/', '/topics', '/topics/linkedin-proof-signals', '/blog']) expect((await page(path)).status, path).toBe(200)

    await edit(topic, () => original, '/topics/ai-linkedin-audit', 200)
    expect((await page('/topics/ai-linkedin-audit')).html).toContain('<h1')
  })

  it('shows an impossible article date on the article’s page, its twin, the feeds and llms.txt (500); the blog, the other twins still answer', async () => {
    const article = 'blog/why-most-linkedin-profiles-fail.md'
    const original = readFileSync(join(dev.dir, article), 'utf8')
    await edit(article, (text) => text.replace(/^date: .*$/m, 'date: 2025-02-30'), '/blog/why-most-linkedin-profiles-fail', 500)
    expect((await page('/blog/why-most-linkedin-profiles-fail')).html).toContain('date: 2025-02-30 is not a real date; write YYYY-MM-DD')
    const problem = `${join(dev.dir, article)}</code><p>date: 2025-02-30 is not a real date; write YYYY-MM-DD`
    for (const path of ['/blog/why-most-linkedin-profiles-fail.md', '/rss.xml', '/llms.txt']) {
      const broken = await get(path)
      expect([broken.status, broken.headers.get('content-type')], path).toEqual([500, 'text/html; charset=utf-8'])
      expect(broken.text, path).toContain(problem)
    }
    for (const path of ['/blog/linkedin-audit-vs-linkedin-optimization.md', '/topics/ai-linkedin-audit.md']) expect((await get(path)).status, path).toBe(200)
    const blog = await page('/blog')
    expect(blog.status).toBe(200)
    expect(blog.html).toContain('/blog/linkedin-audit-vs-linkedin-optimization')
    expect((await page('/')).status).toBe(200)
    await edit(article, () => original, '/blog/why-most-linkedin-profiles-fail', 200)
    expect((await get('/rss.xml')).status).toBe(200)
  })

  it('answers every page with layout.json’s problems while it is bad, since every page needs it', async () => {
    const original = readFileSync(join(dev.dir, 'layout.json'), 'utf8')
    await edit('layout.json', (text) => text.replace('"error": {', '"error": { "unknownField": 1,'), '/', 500)
    // A watcher may see the file half written first; the page shows the problems of the file as saved.
    await expect.poll(async () => (await page('/')).html, { timeout: 10_000, interval: 250 }).toContain('unknownField')
    for (const path of ['/', '/topics/linkedin-proof-signals']) {
      const { html } = await page(path)
      expect(html).toContain(join(dev.dir, 'layout.json'))
      expect(html).toContain('unknownField')
    }
    await edit('layout.json', () => original, '/', 200)
    expect((await page('/topics/linkedin-proof-signals')).status).toBe(200)
  })
}, 60_000)

describe('drafts and scheduled entries in npm run dev', () => {
  it('are shown, each marked as such, and listed, for the writer to read before they are published', async () => {
    writeFileSync(join(dev.dir, 'blog/draft-in-dev.md'), articleMarkdown({ title: 'title: A draft in dev', draft: 'draft: true' }))
    writeFileSync(join(dev.dir, 'topics/later-in-dev.md'), topicMarkdown({ title: 'title: A topic for later', date: 'date: 2099-01-05' }))
    await expect.poll(async () => (await page('/blog/draft-in-dev')).status, { timeout: 10_000, interval: 250 }).toBe(200)
    expect((await page('/blog/draft-in-dev')).html).toContain('<strong>Draft.</strong> Shown by <code>npm run dev</code> only')
    await expect.poll(async () => (await page('/topics/later-in-dev')).status, { timeout: 10_000, interval: 250 }).toBe(200)
    expect((await page('/topics/later-in-dev')).html).toContain('<strong>Scheduled for 2099-01-05.</strong>')
    // Listed, each with a mark a reader sees beside it.
    const blogCard = cardOf((await page('/blog')).html, '/blog/draft-in-dev')
    expect(blogCard).toContain('>Draft<')
    const topicCard = cardOf((await page('/topics')).html, '/topics/later-in-dev')
    expect(topicCard).toContain('>Scheduled for 2099-01-05<')
    expect(cardOf((await page('/blog')).html, '/blog/why-most-linkedin-profiles-fail')).not.toMatch(/Draft|Scheduled/)
    // A published page carries no mark.
    expect((await page('/blog/why-most-linkedin-profiles-fail')).html).not.toContain('unpublished-note')
  })
}, 60_000)

/** The card of a list page (`/blog`, `/topics`) that links to `href`. */
function cardOf(html: string, href: string): string {
  const link = html.indexOf(`href="${href}"`)
  expect(link, href).toBeGreaterThan(-1)
  return html.slice(html.lastIndexOf('<li', link), html.indexOf('</li>', link))
}

/** The status `path` answers a browser's request for a page with, a redirect's own included. */
async function statusOf(path: string): Promise<number> {
  const response = await fetch(`${dev.origin}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } })
  await response.arrayBuffer()
  return response.status
}

/** Writes `relativePath` of the dev server's content copy, waits until `path` answers `status`, and puts the file back after `check`. */
async function withFile(relativePath: string, text: (original: string) => string, path: string, status: number, check: () => Promise<void>) {
  const file = join(dev.dir, relativePath)
  const original = existsSync(file) ? readFileSync(file, 'utf8') : undefined
  try {
    writeFileSync(file, text(original ?? ''))
    await expect.poll(() => statusOf(path), { timeout: 10_000, interval: 250 }).toBe(status)
    await check()
  } finally {
    if (original === undefined) rmSync(file, { force: true })
    else writeFileSync(file, original)
    await expect.poll(() => statusOf(path), { timeout: 10_000, interval: 250 }).not.toBe(status)
  }
}

const ARTICLE = 'blog/why-most-linkedin-profiles-fail.md'
const ARTICLE_PAGE = '/blog/why-most-linkedin-profiles-fail'
const addToBody = (added: string) => (text: string) => `${text}\n${added}\n`
const addToFrontmatter = (added: string) => (text: string) => text.replace(/^---\n/, `---\n${added}\n`)

// What each problem is (an image, a cover, a link, an old URL …) is the content read's, which npm run dev runs as
// the build does (readContentIndex; images.test.ts, content-*.test.ts, publication.test.ts): here, where it shows.
describe('npm run dev shows every problem a build would stop on, on the page of its file', () => {
  it('two files served under one slug', async () => {
    const copy = readFileSync(join(dev.dir, 'topics/{product}-vs-ssi.md'), 'utf8')
    await withFile(
      'topics/authoritylens-vs-ssi.md',
      () => copy,
      '/topics/authoritylens-vs-ssi',
      500,
      async () => {
        expect((await page('/topics/authoritylens-vs-ssi')).html).toContain('slug: &quot;authoritylens-vs-ssi&quot; is already used by')
      },
    )
  })

  it('prints each problem once in the terminal, without a stack trace', async () => {
    const before = dev.output().length
    await withFile(ARTICLE, addToBody('![](../images/trust-gaps.png)'), ARTICLE_PAGE, 500, async () => {
      for (let i = 0; i < 3; i++) await page(ARTICLE_PAGE)
      await expect.poll(() => dev.output().slice(before), { timeout: 10_000, interval: 250 }).toContain('no alt text')
      const printed = dev.output().slice(before)
      expect(printed.split('no alt text').length - 1).toBe(1)
      expect(printed).not.toMatch(/^\s+at /m)
    })
  })
}, 120_000)

describe('old URLs in npm run dev', () => {
  it('answer 308 to the page’s URL, as the built site does', async () => {
    await withFile(ARTICLE, addToFrontmatter('redirectFrom: [/blog/an-old-slug]'), '/blog/an-old-slug', 308, async () => {
      const response = await fetch(`${dev.origin}/blog/an-old-slug?ref=x`, { redirect: 'manual', headers: { accept: 'text/html' } })
      expect(response.status).toBe(308)
      expect(response.headers.get('location')).toBe(`${ARTICLE_PAGE}?ref=x`)
    })
  })
}, 60_000)

describe('the terminal of npm run dev', () => {
  it('shows its address and no warning at start', () => {
    const start = dev.output().slice(0, dev.output().indexOf('Local:'))
    expect(start).not.toContain('(!)')
    expect(start).not.toMatch(/warn/i)
  })
})

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
const TOPIC = 'ai-linkedin-audit'

// What a build writes beside the pages for feed readers and answer engines (the feeds, llms.txt, the markdown
// twins), made from the content copy as it is on disk at each request.
describe('feeds, llms.txt and markdown twins in npm run dev', () => {
  it('answers an article’s and a topic’s twin as markdown, kept out of search, never cached; HEAD too; 404 for the twin of no entry', async () => {
    const article = await get(`${ARTICLE_PAGE}.md`)
    expect(article.status).toBe(200)
    expect(article.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    expect(article.headers.get('x-robots-tag')).toBe('noindex')
    expect(article.headers.get('cache-control')).toBe('no-cache')
    expect(article.text.startsWith(`# ${frontmatterLine(ARTICLE, 'title')}\n`)).toBe(true)

    const topic = await get(`/topics/${TOPIC}.md`)
    expect(topic.status).toBe(200)
    expect(topic.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    expect(topic.text.startsWith(`# ${frontmatterLine(`topics/${TOPIC}.md`, 'h1')}\n\n## Short answer\n`)).toBe(true)

    const head = await get(`${ARTICLE_PAGE}.md`, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(article.text))
    expect(head.text).toBe('')
    for (const path of ['/blog/nope.md', '/topics/nope.md']) expect((await get(path)).status, path).toBe(404)
  })

  it('answers the feeds, which parse and list every article, and llms.txt, which starts with the product’s name', async () => {
    const siteUrl = loadSite(dev.dir).siteUrl
    const slugs = readdirSync(join(dev.dir, 'blog')).map((file) => file.replace(/\.md$/, ''))
    const rss = await get('/rss.xml')
    expect(rss.status).toBe(200)
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const items = rssItems(rss.text)
    expect(items.map((item) => item.link).sort()).toEqual(slugs.map((slug) => `${siteUrl}/blog/${slug}`).sort())
    expect(items).toContainEqual({ title: frontmatterLine(ARTICLE, 'title'), link: `${siteUrl}${ARTICLE_PAGE}` })

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

  it('shows an edit of the content at once, without a restart', async () => {
    await edit(ARTICLE, (text) => text.replace(/^title: .*$/m, 'title: A title edited in dev'), ARTICLE_PAGE, 200)
    await expect.poll(async () => (await get(`${ARTICLE_PAGE}.md`)).text, { timeout: 10_000, interval: 250 }).toMatch(/^# A title edited in dev\n/)
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
})

// The topic index paged as the build pages it: a writer who adds topics past one page of it sees /topics/page/2
// appear without restarting anything. Last: the topics it adds stay.
describe('the topic index in npm run dev', () => {
  it('has no /topics/page/2 while the topics fit on /topics, and has it, with its own title, once they do not', async () => {
    expect((await page('/topics')).status).toBe(200)
    expect((await page('/topics/page/2')).status).toBe(404)
    for (let n = 0; n < TOPICS_PER_PAGE; n++) writeFileSync(join(dev.dir, 'topics', `dev-paged-${n}.md`), topicMarkdown({ title: `title: Dev paged ${n}` }))
    await expect.poll(async () => (await page('/topics/page/2')).status, { timeout: 20_000, interval: 250 }).toBe(200)
    const second = await page('/topics/page/2')
    const first = await page('/topics')
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
    expect(title(second.html)).toMatch(/\b2\b/)
    expect(title(second.html)).not.toBe(title(first.html))
    expect(first.html).toContain('aria-current="page"')
    for (const path of ['/topics/page/1', '/topics/page/3']) expect((await page(path)).status, path).toBe(404)
  })
})
