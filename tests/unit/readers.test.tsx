// What a reader finds around an article and a topic page: the reading time and dates, the table of
// contents and its anchors, and the pages linked at the end, rendered with the pages' real hooks.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, type HTMLElement } from 'node-html-parser'
import { afterEach, describe, expect, it } from 'vitest'
import { ContentError, topicSlugFiles } from '../../lib/node/content-files.server'
import { loadRelatedTopics, loadTopic } from '../../lib/node/content-index.server'
import { readContent, readTopicFile } from '../../lib/node/content.server'
import { loadUiText } from '../../lib/node/ui-text.server'
import { loadSite } from '../../lib/node/site.server'
import { digest } from '../../pipeline/cache'
import { readTopicSources } from '../../pipeline/related-topics'
import { articleMarkdown, contentCopy, fixtureContent, tempDir, topicMarkdown, writeFile } from './content-fixture'
import { ARTICLE, TOPIC, renderPage } from './page-fixture'

afterEach(() => {
  delete process.env.CONTENT_DIR
})

/** An article's or a topic's page rendered with its real hooks; `extra` is what the build adds to the pageContext. */
const article = async (dir: string, slug: string) => parse((await renderPage(dir, `/blog/${slug}`, ARTICLE, { slug })).html)
const topic = async (dir: string, slug: string, extra = {}) => parse((await renderPage(dir, `/topics/${slug}`, TOPIC, { slug }, extra)).html)

const words = (text: string) => text.match(/[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu)?.length ?? 0
const clean = (element: HTMLElement | null) => element?.text.replace(/\s+/g, ' ').trim()

describe('an article', () => {
  const { blog } = loadUiText(fixtureContent())

  it('shows its date, its update and its reading time under the byline, each date a <time datetime>, and no update when it has none', async () => {
    // The fixture's article with an `updated` date.
    const doc = await article(fixtureContent(), 'linkedin-audit-vs-linkedin-optimization')
    const meta = doc.querySelector('header .article-meta')!
    const times = meta.querySelectorAll('time').map((time) => [time.getAttribute('datetime'), time.text])
    expect(times).toEqual([
      ['2025-10-09', 'October 9, 2025'],
      ['2025-11-12', 'November 12, 2025'],
    ])
    const minutes = Math.ceil(words(doc.querySelector('.prose')!.text) / 230)
    expect(clean(meta)).toBe(`October 9, 2025 · ${blog.updated} November 12, 2025 · ${blog.readingTime.replace('{minutes}', String(minutes))}`)
    const plain = await article(fixtureContent(), 'why-most-linkedin-profiles-fail')
    expect(plain.querySelectorAll('header .article-meta time')).toHaveLength(1)
    expect(clean(plain.querySelector('header .article-meta'))).not.toContain(blog.updated)
  })

  it('counts the reading time at 230 words a minute, rounded up', async () => {
    const dir = contentCopy()
    const text = (n: number) => `${Array.from({ length: n }, (_, i) => `word${i}`).join(' ')}\n`
    writeFile(dir, 'blog/short.md', articleMarkdown({}, text(230)))
    writeFile(dir, 'blog/longer.md', articleMarkdown({}, text(231)))
    expect(clean((await article(dir, 'short')).querySelector('.article-meta'))).toMatch(/ · 1 min read$/)
    expect(clean((await article(dir, 'longer')).querySelector('.article-meta'))).toMatch(/ · 2 min read$/)
  })

  it('lists its ## sections in a table of contents whose links lead to their headings', async () => {
    const doc = await article(fixtureContent(), 'why-most-linkedin-profiles-fail')
    const contents = doc.querySelector('nav.contents')!
    expect(contents.getAttribute('aria-labelledby')).toBe('contents-heading')
    expect(clean(doc.getElementById('contents-heading'))).toBe(blog.contents)
    const headings = doc.querySelectorAll('.prose h2')
    expect(headings.length).toBeGreaterThanOrEqual(3)
    const links = contents.querySelectorAll('a')
    expect(links.map((link) => link.text)).toEqual(headings.map((heading) => heading.text))
    expect(links.map((link) => link.getAttribute('href'))).toEqual(headings.map((heading) => `#${heading.id}`))
    expect(links[0]!.getAttribute('href')).toBe('#reason-1-they-are-written-for-the-wrong-reader')
    // Every id once on the page: a heading never takes an id the page uses.
    const ids = doc.querySelectorAll('[id]').map((element) => element.id)
    expect(ids.length).toBe(new Set(ids).size)
  })

  it('has a table of contents from three ## sections, not with two; gives headings GitHub-style anchors: a repeat gets -1, one named like an id of the page another', async () => {
    const dir = contentCopy()
    writeFile(dir, 'blog/two.md', articleMarkdown({}, 'Intro.\n\n## One\n\nText.\n\n## Two\n\nText.\n\n### A smaller one\n\nText.\n'))
    const body = 'Intro.\n\n## Why `score()` matters\n\nText.\n\n## Main\n\nText.\n\n## Summary\n\nText.\n\n### Summary\n\nText.\n'
    writeFile(dir, 'blog/three.md', articleMarkdown({}, body))
    expect((await article(dir, 'two')).querySelector('nav.contents')).toBeNull()
    const doc = await article(dir, 'three')
    expect(doc.querySelectorAll('nav.contents a').map((link) => link.getAttribute('href'))).toEqual(['#why-score-matters', '#main-1', '#summary'])
    expect(doc.querySelectorAll('.prose h2, .prose h3').map((heading) => heading.id)).toEqual(['why-score-matters', 'main-1', 'summary', 'summary-1'])
    expect(doc.querySelectorAll('#main')).toHaveLength(1)
  })

  it('ends with two other articles to keep reading, each a link with its description', async () => {
    const { posts } = await readContent(fixtureContent())
    const post = posts.find((item) => item.slug === 'why-most-linkedin-profiles-fail')!
    const doc = await article(fixtureContent(), post.slug)
    const related = doc.querySelector('nav.related')!
    expect(clean(related.querySelector('h2'))).toBe(blog.keepReading)
    const cards = related.querySelectorAll('li')
    expect(cards).toHaveLength(2)
    for (const card of cards) {
      const href = card.querySelector('a')!.getAttribute('href')!
      const other = posts.find((item) => `/blog/${item.slug}` === href)!
      expect(other.slug).not.toBe(post.slug)
      expect(clean(card.querySelector('h3'))).toBe(other.title)
      expect(clean(card.querySelector('p'))).toBe(other.description)
    }
  })

  it('takes its labels, the breadcrumb’s too, from layout.json, and a reading-time label without {minutes} fails naming the file and field', async () => {
    const dir = contentCopy()
    const file = join(dir, 'layout.json')
    const ui = JSON.parse(readFileSync(file, 'utf8')) as { blog: Record<string, string>; topic: Record<string, string> }
    const labels = { readingTime: 'Read in {minutes} minutes', contents: 'On this page', keepReading: 'More to read', breadcrumbBlog: 'Articles' }
    writeFileSync(file, JSON.stringify({ ...ui, topic: { ...ui.topic, breadcrumbHome: 'Start' }, blog: { ...ui.blog, ...labels } }))
    const doc = await article(dir, 'why-most-linkedin-profiles-fail')
    expect(clean(doc.querySelector('.article-meta'))).toMatch(/ · Read in \d+ minutes$/)
    expect(clean(doc.getElementById('contents-heading'))).toBe('On this page')
    expect(clean(doc.getElementById('related-heading'))).toBe('More to read')
    const graph = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.text) as {
      '@graph': Array<{ '@type': string; itemListElement?: unknown }>
    }
    const { siteUrl } = loadSite(dir)
    expect(graph['@graph'].find((item) => item['@type'] === 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Start', item: `${siteUrl}/` },
      { '@type': 'ListItem', position: 2, name: 'Articles', item: `${siteUrl}/blog` },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Why Most LinkedIn Profiles Fail (and What Works Instead)',
        item: `${siteUrl}/blog/why-most-linkedin-profiles-fail`,
      },
    ])

    writeFileSync(file, JSON.stringify({ ...ui, blog: { ...ui.blog, readingTime: 'min read' } }))
    const error = await readContent(dir).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ContentError)
    expect((error as ContentError).problems).toEqual([
      `${file}: blog.readingTime: expected {minutes} where the number of minutes goes, as in "{minutes} min read"`,
    ])
  })
})

describe('a topic page', () => {
  const { topic: labels } = loadUiText(fixtureContent())

  it('ends with three related topics, each a link to another topic with its summary', async () => {
    const doc = await topic(fixtureContent(), 'linkedin-proof-signals')
    const related = doc.querySelector('nav.related')!
    expect(clean(related.querySelector('h2'))).toBe(labels.related)
    const links = related.querySelectorAll('li')
    expect(links).toHaveLength(3)
    const expected = loadRelatedTopics(fixtureContent()).get('linkedin-proof-signals')!
    expect(links.map((card) => [card.querySelector('a')!.getAttribute('href'), clean(card.querySelector('h3')), clean(card.querySelector('p'))])).toEqual(
      expected.map(({ slug, title, summary }) => [`/topics/${slug}`, title, summary]),
    )
    expect(expected.map(({ slug }) => slug)).not.toContain('linkedin-proof-signals')
  })

  it('shows the list the build chose for it when the build renders it', async () => {
    const builtTopic = await loadTopic('linkedin-proof-signals', fixtureContent())
    const builtRelated = [{ slug: 'ai-linkedin-audit', title: 'Chosen by the build', summary: 'Its summary.' }]
    const doc = await topic(fixtureContent(), 'linkedin-proof-signals', { builtTopic, builtRelated })
    expect(doc.querySelectorAll('nav.related a').map((link) => [link.getAttribute('href'), link.text])).toEqual([
      ['/topics/ai-linkedin-audit', 'Chosen by the build'],
    ])
  })
})

describe("the build's pre-pass over the topic files", () => {
  const site = loadSite(fixtureContent())
  const files = (dir: string) => ['a', 'b', 'c', 'd'].map((slug) => ({ slug, file: join(dir, `${slug}.md`) }))
  /** The digest of the code that reads the facts (the build finds it, pipeline/code.ts): one version of it here. */
  const FACTS_CODE = 'facts-code'

  function topicsIn(dir: string) {
    writeFileSync(join(dir, 'a.md'), topicMarkdown({ title: 'title: Coaching audit', summary: 'summary: Coaches and their calls.' }))
    writeFileSync(join(dir, 'b.md'), topicMarkdown({ title: 'title: Coaching calls', summary: 'summary: Calls for coaches.' }))
    writeFileSync(join(dir, 'c.md'), topicMarkdown({ title: 'title: Founder audit', summary: 'summary: Founders and investors.' }))
    writeFileSync(join(dir, 'd.md'), topicMarkdown({ title: 'title: Founder hiring', summary: 'summary: Investors and hires.' }))
  }

  it('gives each topic file the digest of its bytes and its related topics, the same the dev server chooses', () => {
    const dir = contentCopy()
    const sources = readTopicSources(topicSlugFiles(dir, site), site, FACTS_CODE, tempDir('cache-'), false)
    const dev = loadRelatedTopics(dir)
    expect(sources).toHaveLength(dev.size)
    for (const source of sources) {
      expect(source.digest).toBe(digest(readFileSync(source.file)))
      expect(source.related).toEqual(dev.get(source.slug))
    }
  })

  it('keeps each file’s facts by its digest: an unchanged file is not read for them again, a changed one is, --fresh reads all', () => {
    const dir = tempDir('topics-')
    const cache = tempDir('cache-')
    topicsIn(dir)
    const first = readTopicSources(files(dir), site, FACTS_CODE, cache, false)
    expect(first[0]!.related[0]).toMatchObject({ slug: 'b', title: 'Coaching calls' })
    // Mark the cached facts of b: a build that shows the mark took them from the cache instead of the file.
    const cacheFile = join(cache, 'topic-facts.json')
    const saved = JSON.parse(readFileSync(cacheFile, 'utf8')) as { key: string; facts: Record<string, { title: string }> }
    saved.facts[first[1]!.digest]!.title = 'From the cache'
    writeFileSync(cacheFile, JSON.stringify(saved))
    expect(readTopicSources(files(dir), site, FACTS_CODE, cache, false)[0]!.related[0]!.title).toBe('From the cache')
    // b changes: its new bytes are read.
    writeFileSync(join(dir, 'b.md'), topicMarkdown({ title: 'title: Coaching calls, booked', summary: 'summary: Calls for coaches.' }))
    expect(readTopicSources(files(dir), site, FACTS_CODE, cache, false)[0]!.related[0]!.title).toBe('Coaching calls, booked')
    saved.facts[digest(readFileSync(join(dir, 'b.md')))] = { title: 'From the cache again' }
    writeFileSync(cacheFile, JSON.stringify(saved))
    expect(readTopicSources(files(dir), site, FACTS_CODE, cache, true)[0]!.related[0]!.title).toBe('Coaching calls, booked')
    // The cache holds this build's files only.
    expect(Object.keys((JSON.parse(readFileSync(cacheFile, 'utf8')) as { facts: object }).facts).sort()).toEqual(
      files(dir)
        .map(({ file }) => digest(readFileSync(file)))
        .sort(),
    )
  })

  it('leaves each parsed body in its file for the worker, which renders it as read, and names a file that changed since', async () => {
    const dir = tempDir('topics-')
    topicsIn(dir)
    const [source] = readTopicSources(files(dir), site, FACTS_CODE, tempDir('cache-'), false)
    expect(source!.read?.parsed).toBeDefined()
    expect(source!.read?.parsed).not.toHaveProperty('body')
    const fromSource = await readTopicFile(source!, site, source!.read)
    expect(fromSource).toEqual(await readTopicFile(source!, site))
    writeFileSync(source!.file, `${readFileSync(source!.file, 'utf8')}\nA line added during the build.\n`)
    await expect(readTopicFile(source!, site, source!.read)).rejects.toThrow(`${source!.file}: changed while the build was reading it; build again`)
  })
})
