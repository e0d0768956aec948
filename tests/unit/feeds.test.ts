import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { childrenNamed, parseXml, textOf } from '../../lib/checks/xml'
import { readContent } from '../../lib/node/content.server'
import { absoluteHtml, blogFeeds } from '../../lib/node/feeds.server'
import { ImageCache } from '../../lib/node/image-cache.server'
import { llmsTxtLines } from '../../lib/node/llms-txt.server'
import { loadSite } from '../../lib/node/site.server'
import type { Content } from '../../lib/universal/content/types'
import { fileOfPath, pathOfHtmlFile } from '../../lib/universal/routes'
import { articlePath, topicPath } from '../../lib/universal/content/routes'
import { writeSyndicationFiles } from '../../pipeline/site-files'
import { builtPage, fixtureContent, tempDir } from './content-fixture'

const SITE = { ...loadSite('content', {}), siteUrl: 'https://example.test' }

// The test content, its article image encoded once into a cache of this file's own.
let content: Content
let cacheRoot: string
beforeAll(async () => {
  cacheRoot = mkdtempSync(join(tmpdir(), 'feeds-images-'))
  content = await readContent(fixtureContent(), SITE, undefined, new ImageCache(join(cacheRoot, 'images')))
}, 60_000)
afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }))

const articleUrl = (slug: string) => `https://example.test/blog/${slug}`
const feedsOf = (posts: Content['posts']) => blogFeeds(posts, SITE, content.pages.blog, '2026-01-15')

/** Each feed's items as a feed reader reads them: link, dates, whole text. */
function items(feeds: ReturnType<typeof blogFeeds>) {
  const rss = childrenNamed(childrenNamed(parseXml(feeds.rss), 'channel')[0]!, 'item').map((item) => ({
    link: textOf(childrenNamed(item, 'link')[0]),
    date: textOf(childrenNamed(item, 'pubDate')[0]),
    html: textOf(childrenNamed(item, 'content:encoded')[0]),
  }))
  const atom = childrenNamed(parseXml(feeds.atom), 'entry').map((entry) => ({
    link: childrenNamed(entry, 'link')[0]!.attributes.href!,
    updated: textOf(childrenNamed(entry, 'updated')[0]),
    published: textOf(childrenNamed(entry, 'published')[0]),
    html: textOf(childrenNamed(entry, 'content')[0]),
  }))
  const json = (JSON.parse(feeds.json) as { items: Array<{ url: string; date_published: string; date_modified: string; content_html: string }> }).items
  return { rss, atom, json }
}

describe('the blog feeds', () => {
  it('list every published article once, newest first, in RSS 2.0, Atom and JSON Feed', () => {
    const { rss, atom, json } = items(feedsOf(content.posts))
    const expected = content.posts.map((post) => articleUrl(post.slug))
    expect(expected).toHaveLength(3) // the articles of tests/fixtures/content/blog
    expect(rss.map((item) => item.link)).toEqual(expected)
    expect(atom.map((entry) => entry.link)).toEqual(expected)
    expect(json.map((item) => item.url)).toEqual(expected)
  })

  it('date each article by its frontmatter: published `date`, updated `updated` (else `date`)', () => {
    const feeds = feedsOf([{ ...content.posts[0]!, date: '2025-09-12', updated: '2025-10-01' }])
    const { rss, atom, json } = items(feeds)
    expect(rss[0]!.date).toBe('Fri, 12 Sep 2025 00:00:00 GMT')
    expect(atom[0]).toMatchObject({ published: '2025-09-12T00:00:00.000Z', updated: '2025-10-01T00:00:00.000Z' })
    expect(json[0]).toMatchObject({ date_published: '2025-09-12T00:00:00.000Z', date_modified: '2025-10-01T00:00:00.000Z' })
    expect(textOf(childrenNamed(parseXml(feeds.atom), 'updated')[0])).toBe('2025-10-01T00:00:00.000Z')
  })

  it("carry each article's whole HTML with absolute links and image URLs, its picture's every width too", () => {
    const withImage = content.posts.find((post) => post.html.includes('<picture>'))!
    const { rss, atom, json } = items(feedsOf([withImage]))
    for (const html of [rss[0]!.html, atom[0]!.html, json[0]!.content_html]) {
      expect(html).toContain('<h2 id="what-counts-as-a-trust-gap">What counts as a trust gap</h2>')
      expect(html).toMatch(/<img src="https:\/\/example\.test\/assets\/images\/trust-gaps-1472\.[0-9a-f]{10}\.jpg"/)
      expect(html).toMatch(
        /srcset="https:\/\/example\.test\/assets\/images\/trust-gaps-480\.[0-9a-f]{10}\.avif 480w, https:\/\/example\.test\/assets\/images\/trust-gaps-800\./,
      )
      expect(html).not.toMatch(/(?:href|src|srcset)="[/#]/)
    }
  })

  it('are the same bytes for the same articles, whatever the day (an incremental build must equal a fresh one)', () => {
    expect(blogFeeds(content.posts, SITE, content.pages.blog, '2030-01-01')).toEqual(feedsOf(content.posts))
  })
})

describe('absoluteHtml', () => {
  it('makes site paths, #anchors and srcset URLs absolute on the page, and leaves other sites and e-mail links alone', () => {
    const html =
      '<p><a href="/topics/x#faq">a</a> <a href="#h">b</a> <a href="https://other.example/y">c</a> <a href="mailto:a@b.example">d</a></p><picture><source srcset="/assets/a-480.avif 480w, /assets/a-800.avif 800w"><img src="/assets/a.jpg" alt="A"></picture>'
    expect(absoluteHtml(html, 'https://example.test/blog/post')).toBe(
      '<p><a href="https://example.test/topics/x#faq">a</a> <a href="https://example.test/blog/post#h">b</a> <a href="https://other.example/y">c</a> <a href="mailto:a@b.example">d</a></p><picture><source srcset="https://example.test/assets/a-480.avif 480w, https://example.test/assets/a-800.avif 800w"><img src="https://example.test/assets/a.jpg" alt="A"></picture>',
    )
  })
})

describe('llms.txt', () => {
  it('follows llmstxt.org: an H1 with the product name, a blockquote, a paragraph, then sections of "- [title](url): description"', () => {
    const text = [
      ...llmsTxtLines({
        site: SITE,
        pages: content.pages,
        posts: [{ slug: 'a', title: 'Article [A]', description: 'About A.' }],
        topics: [{ slug: 'b', title: 'Topic B', summary: 'About\nB.' }],
      }),
    ].join('')
    const { home, testimonials, blog, topics } = content.pages
    expect(text).toBe(`# AuthorityLens

> ${home.description}

${home.lead}

Each article and topic below has a markdown version at its URL plus \`.md\`. New articles are announced in the blog's feeds (https://example.test/rss.xml).

## Offer

- [${home.h1}](https://example.test/): ${home.description}
- [${testimonials.h1}](https://example.test/testimonials): ${testimonials.description}

## Articles

- [${blog.h1}](https://example.test/blog): ${blog.description}
- [Article \\[A\\]](https://example.test/blog/a): About A.

## Topics

- [${topics.h1}](https://example.test/topics): ${topics.description}
- [Topic B](https://example.test/topics/b): About B.

## Optional

- [Privacy Policy](https://example.test/privacy-policy): ${content.pages['privacy-policy'].description}
- [Terms of Service](https://example.test/terms-of-service): ${content.pages['terms-of-service'].description}
`)
  })
})

describe('the files the build writes for feed readers and answer engines', () => {
  it("name an article's cover as its image, by absolute URL: JSON Feed `image`, an RSS and an Atom enclosure with its type and the bytes of its published file", async () => {
    const client = tempDir('syndication-')
    const coverUrl = '/assets/images/cover-1600.0123456789.jpg'
    mkdirSync(join(client, 'blog'))
    mkdirSync(join(client, 'assets', 'images'), { recursive: true })
    writeFileSync(join(client, coverUrl), Buffer.alloc(4321))
    const [first, second] = content.posts
    const posts = [{ ...first!, coverImage: { html: `<p><img src="${coverUrl}" alt="A cover"></p>`, url: coverUrl, width: 1600, height: 900 } }, second!]
    const pages = posts.map((post) => builtPage(fileOfPath(articlePath(post.slug))))
    await writeSyndicationFiles(client, pages, SITE, { posts, topics: [], pages: content.pages, today: '2026-01-15' })
    const read = (file: string) => readFileSync(join(client, file), 'utf8')
    const absolute = `https://example.test${coverUrl}`

    expect((JSON.parse(read('feed.json')) as { items: Array<{ image?: string }> }).items.map((item) => item.image)).toEqual([absolute, undefined])
    const rss = childrenNamed(childrenNamed(parseXml(read('rss.xml')), 'channel')[0]!, 'item').map((item) =>
      childrenNamed(item, 'enclosure').map((e) => e.attributes),
    )
    expect(rss).toEqual([[{ url: absolute, type: 'image/jpeg', length: '4321' }], []])
    const atom = childrenNamed(parseXml(read('atom.xml')), 'entry').map((entry) =>
      childrenNamed(entry, 'link')
        .map((link) => link.attributes)
        .filter((link) => link.rel === 'enclosure'),
    )
    expect(atom).toEqual([[{ rel: 'enclosure', href: absolute, type: 'image/jpeg', length: '4321' }], []])
  })

  it('list only the articles whose pages the build wrote: a left-out article is in no feed, not in llms.txt and has no twin', async () => {
    const client = tempDir('syndication-')
    // The pages' folder, as the render workers leave it.
    mkdirSync(join(client, 'blog'))
    const [left, ...kept] = content.posts
    const page = (path: string) => builtPage(fileOfPath(path))
    const pages = [page('/'), page('/blog'), ...kept.map((post) => page(articlePath(post.slug))), page(topicPath(content.topics[0]!.slug))]
    expect(pathOfHtmlFile(pages[2]!.file)).toBe(articlePath(kept[0]!.slug))
    const report = await writeSyndicationFiles(client, pages, SITE, {
      posts: content.posts,
      topics: [content.topics[0]!],
      pages: content.pages,
      today: '2026-01-15',
    })
    // The articles built (all but one) are in the feeds; every article built and the one topic have a twin.
    expect(report).toEqual({ articles: kept.length, twins: kept.length + 1 })
    const { rss, atom, json } = items({
      rss: readFileSync(join(client, 'rss.xml'), 'utf8'),
      atom: readFileSync(join(client, 'atom.xml'), 'utf8'),
      json: readFileSync(join(client, 'feed.json'), 'utf8'),
    })
    const expected = kept.map((post) => articleUrl(post.slug))
    for (const feed of [rss, atom, json]) expect(feed.map((item) => ('url' in item ? item.url : item.link))).toEqual(expected)
    const llms = readFileSync(join(client, 'llms.txt'), 'utf8')
    expect(llms).not.toContain(articleUrl(left!.slug))
    for (const post of kept) expect(llms).toContain(`(${articleUrl(post.slug)}): ${post.description}`)
    expect(existsSync(join(client, 'blog', `${left!.slug}.md`))).toBe(false)
    for (const post of kept)
      expect(readFileSync(join(client, 'blog', `${post.slug}.md`), 'utf8')).toMatch(new RegExp(`^# ${post.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n`))
  })
})
