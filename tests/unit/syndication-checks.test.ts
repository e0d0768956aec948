import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkedPage } from '../../lib/checks/checked-page'
import { checkFeeds, checkLlmsTxt, checkMarkdownTwins, SYNDICATION_CHECKS, type SyndicationCheckInput } from '../../lib/checks/syndication-checks'
import { parseXml, XmlError } from '../../lib/checks/xml'
import { readContent } from '../../lib/node/content.server'
import { ImageCache } from '../../lib/node/image-cache.server'
import { topicTwin } from '../../lib/node/markdown-twin.server'
import { loadSite } from '../../lib/node/site.server'
import { loadUiText } from '../../lib/node/ui-text.server'
import { markdownTwinPath } from '../../lib/universal/alternates'
import type { Content } from '../../lib/universal/content/types'
import { fileOfPath } from '../../lib/universal/routes'
import { articlePath, topicPath } from '../../lib/universal/content/routes'
import { alternateLinks } from '../../lib/universal/seo/head'
import { writeSyndicationFiles } from '../../pipeline/site-files'
import { builtPage, contentCopy, tempDir } from './content-fixture'

// check:site's checks of the feeds, llms.txt and the markdown twins, on a miniature build: the real
// articles (but the one with an image) and two topics, their files written as the build writes them.
const SITE = { ...loadSite('content', {}), siteUrl: 'https://example.test' }
let content: Content
beforeAll(async () => {
  const dir = contentCopy()
  rmSync(join(dir, 'blog', 'ai-audit-fixes-linkedin-trust-gaps-24-hours.md'))
  content = await readContent(dir, SITE, undefined, new ImageCache(join(tempDir('images-'), 'images')))
})

/** A page whose head names what the build's heads name: the feeds, and its markdown twin if it has one. */
const pageHtml = (path: string, twin: boolean) =>
  `<!DOCTYPE html><html><head>${alternateLinks(twin ? markdownTwinPath(path) : undefined, SITE).join('')}</head><body><h1>${path}</h1></body></html>`

/** The miniature build in a folder of its own; `change` may edit its files before they are read. */
async function built(change: (client: string) => void = () => {}): Promise<SyndicationCheckInput> {
  const client = tempDir('client-')
  mkdirSync(join(client, 'blog'))
  mkdirSync(join(client, 'topics'))
  const topics = content.topics.slice(0, 2)
  const entries = [...content.posts.map((post) => articlePath(post.slug)), ...topics.map((topic) => topicPath(topic.slug))]
  const paths = ['/', '/blog', '/topics', '/privacy-policy', '/terms-of-service', '/testimonials', ...entries]
  for (const path of paths) writeFileSync(join(client, fileOfPath(path)), pageHtml(path, entries.includes(path)))
  for (const topic of topics) writeFileSync(join(client, fileOfPath(markdownTwinPath(topicPath(topic.slug)))), topicTwin(topic, loadUiText('content').topic))
  const pages = paths.map((path) => builtPage(fileOfPath(path)))
  await writeSyndicationFiles(client, pages, SITE, { posts: content.posts, topics, pages: content.pages, today: '2026-01-15' })
  change(client)
  const files = (readdirSync(client, { recursive: true }) as string[]).filter((file) => file.includes('.'))
  return {
    pages: files.filter((file) => file.endsWith('.html')).map((file) => checkedPage(file, readFileSync(join(client, file), 'utf8'))),
    siteUrl: SITE.siteUrl,
    files: new Set(files),
    sitemapUrls: undefined,
    read: (file) => (files.includes(file) ? readFileSync(join(client, file), 'utf8') : undefined),
  }
}

/** Replaces `from` with `to` in a file of the build. */
function edit(client: string, file: string, from: string | RegExp, to: string) {
  const path = join(client, file)
  const text = readFileSync(path, 'utf8')
  if (!text.match(from)) throw new Error(`${file} has no ${String(from)}`)
  writeFileSync(path, text.replace(from, to))
}

const problems = (found: Array<{ file: string; problem: string }>) => found.map((problem) => `${problem.file}: ${problem.problem}`)

describe('the feed, llms.txt and markdown twin checks', () => {
  it('pass the files the build writes', async () => {
    const input = await built()
    for (const check of SYNDICATION_CHECKS) expect(check.run(input), check.name).toEqual([])
  })

  it('find a feed that does not parse, naming the line', async () => {
    const input = await built((client) => edit(client, 'rss.xml', '<channel>', '<channel>\n<title>Q&A</title>'))
    expect(problems(checkFeeds(input))).toEqual(['rss.xml: does not parse as RSS: line 4: "&" is not an escaped character: write & as &amp;'])
  })

  it('find a feed that misses an article, lists one that is not built or has relative links, and a page whose head does not name the feeds', async () => {
    const [newest] = content.posts
    const input = await built((client) => {
      edit(client, 'feed.json', `"url": "https://example.test/blog/${newest!.slug}"`, '"url": "https://example.test/blog/draft"')
      edit(client, 'atom.xml', '<p>', '<p><a href="/topics/x">x</a> ')
      edit(client, 'topics.html', /<link rel="alternate" type="application\/atom\+xml"[^>]*>/, '')
    })
    expect(problems(checkFeeds(input))).toEqual([
      `atom.xml: https://example.test/blog/${newest!.slug}: relative URLs in its text (/topics/x)`,
      'feed.json: lists https://example.test/blog/draft, which is not an article of this build',
      `feed.json: does not list the article https://example.test/blog/${newest!.slug}`,
      'topics.html: no <link rel="alternate"> to /atom.xml',
    ])
  })

  it('find an llms.txt without its H1, a link that no page or file of the build answers, and an article it leaves out', async () => {
    const [first] = content.posts
    const input = await built((client) => {
      edit(client, 'llms.txt', `(https://example.test/blog/${first!.slug})`, '(https://example.test/blog/gone)')
      edit(client, 'llms.txt', /^# /, 'Title ')
    })
    const gone =
      input
        .read('llms.txt')!
        .split('\n')
        .findIndex((line) => line.includes('https://example.test/blog/gone')) + 1
    expect(problems(checkLlmsTxt(input))).toEqual([
      'llms.txt: line 1: not an H1 with the site\'s name ("# Name")',
      `llms.txt: line ${gone}: https://example.test/blog/gone is not a page or file of this build`,
      `llms.txt: does not list /blog/${first!.slug}`,
    ])
  })

  it('find an article or topic without its markdown twin, a head that does not name it, and a twin of a page that is not built', async () => {
    const topic = content.topics[0]!
    const [first, second] = content.posts
    const input = await built((client) => {
      rmSync(join(client, 'topics', `${topic.slug}.md`))
      edit(client, `blog/${first!.slug}.html`, /<link rel="alternate" type="text\/markdown"[^>]*>/, '')
      writeFileSync(join(client, 'blog', 'deleted-article.md'), '# Deleted\n')
      edit(client, `blog/${second!.slug}.md`, /^# /, '')
    })
    expect(problems(checkMarkdownTwins(input)).sort()).toEqual(
      [
        `blog/${first!.slug}.html: no <link rel="alternate" type="text/markdown" href="https://example.test/blog/${first!.slug}.md">`,
        `blog/${second!.slug}.md: does not open with the page's title as "# "`,
        'blog/deleted-article.md: a markdown twin of no built page',
        `topics/${topic.slug}.html: no markdown twin topics/${topic.slug}.md`,
      ].sort(),
    )
  })
})

describe('the strict XML reader of the checks', () => {
  it('reads elements, attributes, entities and CDATA', () => {
    const root = parseXml('<?xml version="1.0"?>\n<!-- c --><a x="1 &amp; 2"><b>&lt;p&gt;&#233;</b><![CDATA[<p>raw</p>]]><c/></a>\n')
    expect(root).toEqual({
      name: 'a',
      attributes: { x: '1 & 2' },
      children: [{ name: 'b', attributes: {}, children: ['<p>é'] }, '<p>raw</p>', { name: 'c', attributes: {}, children: [] }],
    })
  })

  it('refuses what a feed reader would refuse, naming the line', () => {
    expect(() => parseXml('<a>\n<b></a>')).toThrow(new XmlError('line 2: <b> is closed by </a>'))
    expect(() => parseXml('<a x=1/>')).toThrow('the value of x in <a> is not quoted')
    expect(() => parseXml('<a/><b/>')).toThrow('after the root element')
    expect(() => parseXml('<a>&nbsp;</a>')).toThrow('"&nbsp;" is not an escaped character')
    expect(() => parseXml('<a><![CDATA[x</a>')).toThrow('a CDATA section is never closed')
  })
})
