// The topic index in pages: which topics each page lists, the URLs it has, how the build keys each page,
// and the pages themselves rendered with their real hooks from a test content of 100 topics.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'node-html-parser'
import type { PageContextServer } from 'vike/types'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadContent } from '../../lib/node/content-index.server'
import { readContent } from '../../lib/node/content.server'
import { loadSite } from '../../lib/node/site.server'
import { contentRoutePaths } from '../../lib/universal/content/routes'
import { laterTopicPageOf, pagedText, TOPICS_PER_PAGE, topicPageCount, topicPagePath, topicsOnPage } from '../../lib/universal/content/topic-pages'
import type { ContentIndex, TopicEntry } from '../../lib/universal/content/types'
import topicsIndexConfig from '../../pages/topics/index/+config'
import { data } from '../../pages/topics/index/+data'
import { planListingPages, topicIndexPages } from '../../pipeline/pages-phase'
import { contentCopy, contentProblems, topicMarkdown, writeFile, writeTestContent } from './content-fixture'
import { TOPICS, renderPage } from './page-fixture'

const ROUTES = ['/', '/blog', '/blog/@slug', '/topics', '/topics/@slug', '/topics/page/@n']
const entry = (n: number): TopicEntry => ({ slug: `t-${n}`, file: `/c/topics/t-${n}.md`, title: `Topic ${String(n).padStart(3, '0')}`, summary: `About ${n}.` })
const indexOf = (topics: TopicEntry[], extra: Partial<ContentIndex> = {}) => ({ posts: [], topics, pages: {}, ...extra }) as unknown as ContentIndex
const keysOf = (index: ContentIndex) => new Map(topicIndexPages(ROUTES, index, 'base').map((job) => [job.url, job.key]))

describe('the split of the topic index', () => {
  it('is one page, /topics, up to a page of topics, and one more page per page of topics past it', () => {
    expect([0, 1, TOPICS_PER_PAGE].map(topicPageCount)).toEqual([1, 1, 1])
    expect([TOPICS_PER_PAGE + 1, 2 * TOPICS_PER_PAGE, 10_000].map(topicPageCount)).toEqual([2, 2, Math.ceil(10_000 / TOPICS_PER_PAGE)])
    expect(contentRoutePaths({ posts: [], topics: Array.from({ length: TOPICS_PER_PAGE }, (_, n) => entry(n)) })['/topics/page/@n']).toEqual([])
    expect(contentRoutePaths({ posts: [], topics: Array.from({ length: 100 }, (_, n) => entry(n)) })['/topics/page/@n']).toEqual([
      '/topics/page/2',
      '/topics/page/3',
    ])
  })

  it('lists every topic once, in the index order, across its pages', () => {
    const topics = Array.from({ length: 100 }, (_, n) => entry(n))
    const pages = Array.from({ length: topicPageCount(100) }, (_, at) => topicsOnPage(topics, at + 1))
    expect(pages.map((page) => page.length)).toEqual([TOPICS_PER_PAGE, TOPICS_PER_PAGE, 100 - 2 * TOPICS_PER_PAGE])
    expect(pages.flat()).toEqual(topics)
  })

  it('has no page 1 but /topics, no page past the last and no other spelling of a number', () => {
    expect(topicPagePath(1)).toBe('/topics')
    expect(['2', '3'].map((n) => laterTopicPageOf(n, 100))).toEqual([2, 3])
    expect(['1', '4', '0', '02', '2.0', '+2', 'two', ''].map((n) => laterTopicPageOf(n, 100))).toEqual(Array(8).fill(undefined))
    expect(pagedText('Topics, page {page} of {pages}', 2, 209)).toBe('Topics, page 2 of 209')
  })
})

describe('the keys of the topic index pages', () => {
  const topics = Array.from({ length: 150 }, (_, n) => entry(n))
  const before = keysOf(indexOf(topics))

  it('are the pages /topics, /topics/page/2 … which no other page plans, and change for every page when the number of pages or what else the index holds changes', () => {
    expect([...before.keys()]).toEqual(['/topics', '/topics/page/2', '/topics/page/3', '/topics/page/4'])
    expect(planListingPages(ROUTES, []).map((page) => page.url)).toEqual(['/', '/blog', '/404-page-for-the-build'])
    const added = keysOf(indexOf([...topics, ...Array.from({ length: TOPICS_PER_PAGE }, (_, n) => entry(150 + n))]))
    expect(added.size).toBe(before.size + 1)
    expect([...before].filter(([url, key]) => added.get(url) === key)).toEqual([])
    const withPost = keysOf(indexOf(topics, { posts: [{ slug: 'a-post' }] as unknown as ContentIndex['posts'] }))
    expect([...before].filter(([url, key]) => withPost.get(url) === key)).toEqual([])
  })
})

describe('the topic index pages, rendered', () => {
  let dir = ''
  beforeAll(() => {
    // Its own folder: contentCopy's is removed after each test, and these tests share one.
    dir = writeTestContent(mkdtempSync(join(tmpdir(), 'topic-index-')))
    for (let n = 0; n < 100; n++) {
      const title = `Paged topic ${String(n).padStart(3, '0')}`
      writeFile(dir, `topics/paged-${n}.md`, topicMarkdown({ title: `title: ${title}`, summary: `summary: The summary of ${title}.` }))
    }
  })
  afterEach(() => {
    delete process.env.CONTENT_DIR
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  async function render(url: string) {
    const n = /^\/topics\/page\/(.+)$/.exec(url)?.[1]
    const { html, data: pageData } = await renderPage<Awaited<ReturnType<typeof data>>>(dir, url, TOPICS, n === undefined ? {} : { n })
    return { doc: parse(html), data: pageData }
  }

  it('each list their own topics and serialize no other, with their own title, description, canonical URL and CollectionPage', async () => {
    const { topics, pages } = await loadContent(dir)
    const count = topicPageCount(topics.length)
    expect(count).toBeGreaterThan(2)
    const heads = new Set<string>()
    for (let page = 1; page <= count; page++) {
      const url = topicPagePath(page)
      const { doc, data: pageData } = await render(url)
      const shown = topicsOnPage(topics, page).map((topic) => `/topics/${topic.slug}`)
      expect(doc.querySelectorAll('.card-grid h2 a').map((link) => link.getAttribute('href'))).toEqual(shown)
      expect(pageData.topics.map((topic) => `/topics/${topic.slug}`)).toEqual(shown)
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${loadSite(dir).siteUrl}${url}`)
      const title = doc.querySelector('title')!.text
      const description = doc.querySelector('meta[name="description"]')!.getAttribute('content')!
      heads.add(title).add(description)
      if (page > 1) expect(title).toBe(pagedText(pages.topics.pagedTitle, page, count))
      const collection = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.text) as {
        '@type': string
        mainEntity: { '@type': string; itemListElement: Array<{ url: string }> }
      }
      expect(collection['@type']).toBe('CollectionPage')
      expect(collection.mainEntity['@type']).toBe('ItemList')
      expect(collection.mainEntity.itemListElement.map((item) => new URL(item.url).pathname)).toEqual(shown)
    }
    // Every page's title and description is its own.
    expect(heads.size).toBe(2 * count)
  })

  it('link to the first, previous, next and last page, mark the current one, and /topics links to every page', async () => {
    const count = topicPageCount((await loadContent(dir)).topics.length)
    const { labels } = (await render('/topics')).data.paging!
    const navOf = async (url: string) => (await render(url)).doc.querySelector(`nav[aria-label="${labels.label}"]`)!
    const hrefs = (nav: Awaited<ReturnType<typeof navOf>>, text: string) =>
      nav
        .querySelectorAll('a')
        .filter((link) => link.text === text)
        .map((link) => link.getAttribute('href'))

    const first = await navOf('/topics')
    expect(first.querySelector('[aria-current="page"]')?.getAttribute('href')).toBe('/topics')
    expect(hrefs(first, labels.previous)).toEqual([])
    expect(hrefs(first, labels.next)).toEqual(['/topics/page/2'])
    expect(hrefs(first, labels.last)).toEqual([topicPagePath(count)])
    const every = Array.from({ length: count }, (_, at) => topicPagePath(at + 1))
    expect(every.filter((path) => !first.querySelectorAll('a').some((link) => link.getAttribute('href') === path))).toEqual([])

    const second = await navOf('/topics/page/2')
    expect(second.querySelector('[aria-current="page"]')?.getAttribute('href')).toBe('/topics/page/2')
    expect([labels.first, labels.previous, labels.next, labels.last].map((label) => hrefs(second, label))).toEqual([
      ['/topics'],
      ['/topics'],
      ['/topics/page/3'],
      [topicPagePath(count)],
    ])
    const last = await navOf(topicPagePath(count))
    expect(hrefs(last, labels.next)).toEqual([])
  })

  it('answer 404 for page 1, a page past the last and a number written otherwise', async () => {
    const count = topicPageCount((await loadContent(dir)).topics.length)
    for (const n of ['1', String(count + 1), '02'])
      await expect(render(`/topics/page/${n}`), n).rejects.toMatchObject({ _pageContextAbort: { abortStatusCode: 404 } })
  })

  it('show no nav while every topic fits on /topics, and a paged field without {page} is a problem of its file and field', async () => {
    const small = contentCopy()
    process.env.CONTENT_DIR = small
    expect((await loadContent(small)).topics.length).toBeLessThanOrEqual(TOPICS_PER_PAGE)
    const base = { routeParams: {}, urlOriginal: '/topics', urlPathname: '/topics', config: topicsIndexConfig } as unknown as PageContextServer
    expect(await data(base)).not.toHaveProperty('paging')
    const page = readFileSync(join(small, 'pages/topics.md'), 'utf8')
    const file = writeFile(small, 'pages/topics.md', page.replace(/^pagedTitle: .*$/m, 'pagedTitle: More topics | {product}'))
    expect(await contentProblems(() => readContent(small))).toEqual([expect.stringMatching(new RegExp(`^${file}: pagedTitle: expected \\{page\\}`))])
  })
})
