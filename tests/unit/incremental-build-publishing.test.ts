// What an incremental build publishes, byte for byte as a fresh build does: drafts and scheduled entries
// by the build's date, old URLs (redirectFrom), the pages of a long topic index, and the fixed routes.
// Each test changes one thing in a copy of the project (incremental-build-fixture.ts) and builds it.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageRoutes } from '../../lib/node/content.server'
import { filesUnder } from '../../pipeline/cache'
import { count } from '../../pipeline/progress'
import { articleMarkdown, topicMarkdown } from './content-fixture'
import {
  build,
  cardOf,
  copyProjectAndBuild,
  expectIncrementalEqualsFresh,
  failingBuild,
  page,
  project,
  rendered,
  setBuildDate,
} from './incremental-build-fixture'

copyProjectAndBuild()

describe('drafts and scheduled entries', () => {
  const DRAFTS_AND_SCHEDULED = {
    'content/blog/draft-post.md': articleMarkdown({ title: 'title: A draft article', draft: 'draft: true' }),
    'content/blog/future-post.md': articleMarkdown({ title: 'title: A future article', date: 'date: 2027-01-05' }),
    'content/topics/draft-topic.md': topicMarkdown({ title: 'title: A draft topic', draft: 'draft: true' }),
    'content/topics/future-topic.md': topicMarkdown({ title: 'title: A future topic', date: 'date: 2027-01-05' }),
  }
  const pagesOf = (paths: string[]) => paths.filter((path) => existsSync(join(project, 'dist/client', `${path.slice(1)}.html`)))
  /** The listing pages and files that name `path` (as a link, a card or a sitemap entry). */
  const namedBy = (path: string) =>
    ['index.html', 'blog.html', 'topics.html', 'sitemap.xml', '_redirects'].filter((file) => new RegExp(`${path}["<\\s#]`).test(page(file)))
  const record = () => JSON.parse(page('../publication.json')) as { buildDate: string; leftOut: Array<{ path: string }> }

  afterAll(() => {
    setBuildDate(undefined)
    for (const file of Object.keys(DRAFTS_AND_SCHEDULED)) rmSync(join(project, file), { force: true })
  })

  it('are left out of a build dated before them: no page, card, sitemap entry or link; the summary says which and why', () => {
    for (const [file, text] of Object.entries(DRAFTS_AND_SCHEDULED)) writeFileSync(join(project, file), text)
    setBuildDate('2027-01-04')
    const { summary } = expectIncrementalEqualsFresh()
    expect(summary).toContain(
      'build: left out 4: content/blog/draft-post.md (draft), content/blog/future-post.md (scheduled for 2027-01-05), ' +
        'content/topics/draft-topic.md (draft), content/topics/future-topic.md (scheduled for 2027-01-05)\n',
    )
    const paths = ['/blog/draft-post', '/blog/future-post', '/topics/draft-topic', '/topics/future-topic']
    expect(pagesOf(paths)).toEqual([])
    for (const path of paths) expect(namedBy(path), path).toEqual([])
    expect(page('topics.html')).not.toContain('A future topic')
    expect(record()).toEqual({ buildDate: '2027-01-04', leftOut: paths.map((path) => expect.objectContaining({ path })) })
  })

  it('are published from their date on, the scheduled topic rendered though its file is unchanged; a draft never', () => {
    setBuildDate('2027-01-05')
    const { summary } = expectIncrementalEqualsFresh()
    expect(summary).toContain('build: left out 2: content/blog/draft-post.md (draft), content/topics/draft-topic.md (draft)\n')
    expect(pagesOf(['/blog/future-post', '/topics/future-topic', '/blog/draft-post', '/topics/draft-topic'])).toEqual([
      '/blog/future-post',
      '/topics/future-topic',
    ])
    expect(namedBy('/blog/future-post')).toEqual(['blog.html', 'sitemap.xml'])
    expect(namedBy('/topics/future-topic')).toEqual(['topics.html', 'sitemap.xml'])
  })

  it('are left out again by a build dated before them, though the scheduled topic’s page is in the cache', () => {
    setBuildDate('2027-01-04')
    expectIncrementalEqualsFresh()
    expect(pagesOf(['/blog/future-post', '/topics/future-topic'])).toEqual([])
    expect(namedBy('/topics/future-topic')).toEqual([])
  })

  it('give no work to a build with nothing changed: a left-out topic is known from the cache', () => {
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(0)
    expect(summary).toContain('build: left out 4:')
  })
})

describe('old URLs (redirectFrom)', () => {
  const topic = 'content/topics/linkedin-proof-signals.md'
  let saved: string
  beforeAll(() => {
    saved = readFileSync(join(project, topic), 'utf8')
  })
  afterAll(() => writeFileSync(join(project, topic), saved))

  it('are answered from the list the server reads, _redirects and vercel.json, a reused topic page’s too', () => {
    writeFileSync(join(project, topic), saved.replace(/^---\n/, '---\nredirectFrom: [/topics/proof-signals, /proof]\n'))
    build()
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(0)
    const redirects = [
      { from: '/proof', to: '/topics/linkedin-proof-signals' },
      { from: '/topics/proof-signals', to: '/topics/linkedin-proof-signals' },
    ]
    expect(JSON.parse(page('../redirects.json'))).toEqual(redirects)
    for (const { from, to } of redirects) expect(page('_redirects')).toContain(`\n${from} ${to} 308\n`)
    expect((JSON.parse(page('vercel.json')) as { redirects: unknown[] }).redirects).toEqual(
      redirects.map(({ from, to }) => ({ source: from, destination: to, statusCode: 308 })),
    )
    expect(page('sitemap.xml')).not.toMatch(/\/topics\/proof-signals<|\/proof</)
  })

  it('fail the build, naming the file and the field, when one is another page', () => {
    writeFileSync(join(project, topic), saved.replace(/^---\n/, '---\nredirectFrom: [/blog/why-most-linkedin-profiles-fail]\n'))
    const { stderr } = failingBuild()
    expect(stderr).toContain(
      `${topic}: redirectFrom[1]: /blog/why-most-linkedin-profiles-fail is the page of content/blog/why-most-linkedin-profiles-fail.md, which a redirect would hide; remove it from redirectFrom, or remove that first`,
    )
  })
})

describe('a topic index of several pages', () => {
  it('re-renders, after a topic summary changes, the one page of the index that lists it, and no other', () => {
    for (let n = 0; n < 60; n++)
      writeFileSync(join(project, `content/topics/paged-${n}.md`), topicMarkdown({ title: `title: Paged topic ${String(n).padStart(2, '0')}` }))
    expectIncrementalEqualsFresh()
    expect(existsSync(join(project, 'dist/client/topics/page/2.html'))).toBe(true)
    const indexPages = () => ['topics.html', ...readdirSync(join(project, 'dist/client/topics/page')).map((name) => `topics/page/${name}`)]
    const before = new Map(indexPages().map((file) => [file, page(file)]))
    const slug = 'paged-30'
    // The topics the edited one is related to list its summary too.
    const relatedTo = readdirSync(join(project, 'dist/client/topics')).filter(
      (name) => name.endsWith('.html') && page(`topics/${name}`).includes(`href="/topics/${slug}"`),
    )
    // A word no other topic has: the likeness of the topics, and so every related list, stays the same.
    writeFileSync(
      join(project, `content/topics/${slug}.md`),
      topicMarkdown({ title: 'title: Paged topic 30', summary: 'summary: A test topic summary, Zanzibar.' }),
    )
    const { summary } = expectIncrementalEqualsFresh()
    const changed = indexPages().filter((file) => page(file) !== before.get(file))
    expect(changed).toHaveLength(1)
    expect(page(changed[0]!)).toContain('A test topic summary, Zanzibar.')
    // The topic, the topics it is related to, the one index page, and the pages keyed by the whole index.
    const pages = Number(/build: (\d+) pages:/.exec(summary)?.[1])
    const byIndex = pages - Number(/\/topics\/\* (\d+)/.exec(summary)?.[1]) - before.size
    expect(rendered(summary)).toBe(1 + relatedTo.length + 1 + byIndex)
  })
})

describe("the last build's output", () => {
  const carried = () => ['topics', 'assets/cards', 'pagefind'].flatMap((folder) => filesUnder(join(project, 'dist/client', folder)))

  it("is carried over by the next build: its unchanged files stay, a retitled topic's are replaced, a deleted topic's removed", () => {
    // The last output is then a build's from nothing, with a cache of its own: none of it is taken for this cache's.
    expectIncrementalEqualsFresh()
    expect(build()).toMatch(/build: output +the topic pages, cards and search index: [\d,]+ files, none carried over from the last build/)
    expect(build()).toContain(`carried over from the last build: ${count(carried().length)} files kept, 0 replaced, 0 deleted`)
    const deleted = ['topics/linkedin-audit-results.html', 'topics/linkedin-audit-results.md', cardOf(page('topics/linkedin-audit-results.html'))]
    rmSync(join(project, 'content/topics/linkedin-audit-results.md'))
    const retitled = join(project, 'content/topics/linkedin-authority-examples.md')
    writeFileSync(retitled, readFileSync(retitled, 'utf8').replace('title: "LinkedIn Authority Examples"', 'title: "LinkedIn Authority Examples, Carried"'))
    const { summary } = expectIncrementalEqualsFresh()
    const [kept = 0, replaced = 0, removed = 0] = /carried over from the last build: ([\d,]+) files kept, ([\d,]+) replaced, ([\d,]+) deleted/
      .exec(summary)!
      .slice(1)
      .map((n) => Number(n.replace(/,/g, '')))
    expect(kept).toBeGreaterThan(0)
    // The retitled topic's page and twin at least; the deleted topic's page, twin and card, and the search index's changed files.
    expect(replaced).toBeGreaterThanOrEqual(2)
    expect(removed).toBeGreaterThanOrEqual(deleted.length)
    expect(kept + replaced).toBeLessThanOrEqual(carried().length)
    for (const file of deleted) expect(existsSync(join(project, 'dist/client', file))).toBe(false)
    expect(page('topics/linkedin-authority-examples.html')).toContain('LinkedIn Authority Examples, Carried')
  })
})

describe('the fixed routes', () => {
  it('are the same read from the page folders (check:content) as from each bundle (the build)', () => {
    const cache = join(project, 'cache')
    const lists = filesUnder(cache).filter((file) => file.endsWith('/routes.json'))
    expect(lists.length).toBeGreaterThan(0)
    for (const list of lists) expect(pageRoutes(join(project, 'pages'))).toEqual((JSON.parse(readFileSync(join(cache, list), 'utf8')) as string[]).sort())
  })
})
