// An incremental build must write exactly what a fresh one writes. This builds a copy of the
// project (its own content, cache and output) with `npm run build`, changes one thing at a time,
// and after each change compares the incremental output with a build's from nothing, byte for byte.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageRoutes } from '../../lib/node/content.server'
import { digest, filesUnder } from '../../pipeline/cache'
import { articleMarkdown, FIXTURE_ENTRIES, pngFile, topicMarkdown, writeTestContent } from './content-fixture'

// The project's code; its content is the test content (tests/fixtures/content), written in as content/.
const PROJECT_PARTS = [
  'components',
  'lib',
  'migrations',
  'pages',
  'pipeline',
  'public',
  'renderer',
  'scripts',
  'server',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
]
let project: string
/** The day the builds publish for (BUILD_DATE); unset, today. */
let buildDate: string | undefined

function build(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...args], {
    cwd: project,
    env: { ...process.env, BUILD_QUIET: '1', BUILD_CACHE_DIR: join(project, 'cache'), CONTENT_DIR: '', DIST_DIR: '', BUILD_DATE: buildDate ?? '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** The group of tests (describe) the reference build's kept bundle and images were made in. */
let keptFrom: string | undefined

/**
 * The build to compare with: one from nothing, in a cache of its own emptied first, so no page, card,
 * image or topic fact comes from the incremental builds. Within one group of tests (a describe) it keeps
 * two things of its own from one comparison to the next: its `vike build` output and its encoded images,
 * each cached under the digest of what it is made from (the code; an image's bytes), so a changed
 * component or image is still built or encoded again. That spares each comparison ten seconds. The first
 * comparison of each group makes both from nothing, as `--fresh` does, on content the earlier tests have
 * changed since the incremental build last ran Vite: that proves the content never reaches the bundle.
 */
function buildFromNothing(): void {
  const cache = join(project, 'fresh-cache')
  const group = expect.getState().currentTestName?.split(' > ')[0]
  const keep = group === keptFrom ? ['bundles', 'images'] : []
  for (const part of existsSync(cache) ? readdirSync(cache) : []) if (!keep.includes(part)) rmSync(join(cache, part), { recursive: true, force: true })
  keptFrom = group
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: project,
    env: { ...process.env, BUILD_QUIET: '1', BUILD_CACHE_DIR: cache, CONTENT_DIR: '', DIST_DIR: '', BUILD_DATE: buildDate ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

function snapshot(): Map<string, string> {
  const dist = join(project, 'dist')
  return new Map(filesUnder(dist).map((file) => [file, digest(readFileSync(join(dist, file)))]))
}

/** Builds incrementally, then from nothing; both outputs must be the same files with the same bytes. */
function expectIncrementalEqualsFresh(): { summary: string } {
  const summary = build()
  const incremental = snapshot()
  buildFromNothing()
  const fresh = snapshot()
  expect([...incremental.keys()]).toEqual([...fresh.keys()])
  const differing = [...fresh].filter(([file, bytes]) => incremental.get(file) !== bytes).map(([file]) => file)
  expect(differing).toEqual([])
  return { summary }
}

const rendered = (summary: string) => Number(/build: ([\d,]+) rendered/.exec(summary)?.[1]?.replace(/,/g, ''))
const page = (file: string) => readFileSync(join(project, 'dist', 'client', file), 'utf8')
/** The fixture's article with an image (its images/trust-gaps.png), and the image files its page names. */
const ARTICLE_WITH_IMAGE = 'blog/ai-audit-fixes-linkedin-trust-gaps-24-hours.html'
/** The social cards of the test content: one per article and topic, and one per fixed page that has one (all but 404, confirmation, thank-you, referral). */
const CARDS = ['blog', 'topics'].flatMap((folder) => readdirSync(join(FIXTURE_ENTRIES, folder)).filter((name) => name.endsWith('.md'))).length + 7
const imageFilesOf = (html: string) => [...new Set([...html.matchAll(/\/assets\/images\/([^\s",]+)/g)].map(([, name]) => name!))].sort()
const publishedImages = () => readdirSync(join(project, 'dist/client/assets/images')).sort()
/** The file of a page's social card (its og:image), relative to the client folder. */
const cardOf = (html: string) => /<meta property="og:image" content="https?:\/\/[^/]+\/(assets\/cards\/[0-9a-f]{32}\.png)">/.exec(html)![1]!

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'incremental-'))
  for (const part of PROJECT_PARTS) cpSync(part, join(project, part), { recursive: true })
  writeTestContent(join(project, 'content'))
  symlinkSync(resolve('node_modules'), join(project, 'node_modules'))
  build()
})

afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('an incremental build', () => {
  it('reuses every page and encodes no image when nothing changed', () => {
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(0)
    expect(summary).toContain('1 image (0 encoded, 1 from the cache)')
    // Each reused topic page gets its markdown twin back from the cache.
    const topics = readdirSync(join(project, 'dist/client/topics'))
    expect(topics.filter((name) => name.endsWith('.md')).sort()).toEqual(
      topics
        .filter((name) => name.endsWith('.html'))
        .map((name) => name.replace(/html$/, 'md'))
        .sort(),
    )
    expect(summary).toMatch(new RegExp(`build: cards +${CARDS} pictures: 0 drawn, ${CARDS} from the cache`))
    // The search index is the same records' (expectIncrementalEqualsFresh compares its files too): taken from the cache.
    expect(summary).toMatch(/build: search +\d+ pages indexed: \d+ files, [\d.]+ MB, from the cache/)
  })

  it("after a topic's title changes: draws its card alone, and its page names the new card only", () => {
    const file = join(project, 'content/topics/linkedin-proof-signals.md')
    const before = cardOf(page('topics/linkedin-proof-signals.html'))
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: LinkedIn Proof Signals, Retitled'))
    const { summary } = expectIncrementalEqualsFresh()
    expect(summary).toMatch(new RegExp(`build: cards +${CARDS} pictures: 1 drawn, ${CARDS - 1} from the cache`))
    const after = cardOf(page('topics/linkedin-proof-signals.html'))
    expect(after).not.toBe(before)
    expect(existsSync(join(project, 'dist/client', after))).toBe(true)
    expect(existsSync(join(project, 'dist/client', before))).toBe(false)
  })

  it("publishes every file of the article's picture under /assets/images/, and no other", () => {
    build()
    const names = imageFilesOf(page(ARTICLE_WITH_IMAGE))
    expect(names.map((name) => name.replace(/\.[0-9a-f]{10}\./, '.')).sort()).toEqual(
      ['avif', 'jpg', 'webp'].flatMap((extension) => [1200, 1472, 480, 800].map((width) => `trust-gaps-${width}.${extension}`)).sort(),
    )
    expect(publishedImages()).toEqual(names)
  })

  it('after an image changes: encodes it alone, and the article points at its new files only', async () => {
    const before = imageFilesOf(page(ARTICLE_WITH_IMAGE))
    const source = join(project, 'content/images/trust-gaps.png')
    writeFileSync(source, await sharp(source).flop().png().toBuffer())
    const { summary } = expectIncrementalEqualsFresh()
    expect(summary).toContain('1 image (1 encoded, 0 from the cache)')
    const after = imageFilesOf(page(ARTICLE_WITH_IMAGE))
    expect(after.filter((name) => before.includes(name))).toEqual([])
    expect(publishedImages()).toEqual(after)
  })

  it('after a topic edit: re-renders that page only, which shows the edit', () => {
    const file = join(project, 'content/topics/linkedin-proof-signals.md')
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nA sentence added by the incremental build test.\n`)
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(1)
    expect(page('topics/linkedin-proof-signals.html')).toContain('A sentence added by the incremental build test.')
    expect(page('topics/linkedin-proof-signals.md')).toContain('A sentence added by the incremental build test.')
    // A topic's text is not in the search index (its title, heading and summary are): the index comes from the cache.
    expect(summary).toMatch(/build: search +\d+ pages indexed: \d+ files, [\d.]+ MB, from the cache/)
  })

  it("after a topic's title changes: re-renders its page and the pages that list it as related, which show the new title", () => {
    const slug = 'linkedin-authority-examples'
    const relatedOf = (name: string) => /<nav class="related"[\s\S]*?<\/nav>/.exec(page(`topics/${name}`))?.[0] ?? ''
    const listing = () => readdirSync(join(project, 'dist/client/topics')).filter((name) => relatedOf(name).includes(`href="/topics/${slug}"`))
    const before = listing()
    expect(before.length).toBeGreaterThan(0)
    const file = join(project, `content/topics/${slug}.md`)
    // A word no other topic has: the likeness of the topics, and so every list, stays the same.
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: "LinkedIn Authority Examples"', 'title: "LinkedIn Authority Examples, Annotated"'))
    const { summary } = expectIncrementalEqualsFresh()
    expect(listing()).toEqual(before)
    // The topic's page, the pages that list it as related, and every page that lists topics by title (all but the topic pages).
    const listingPages = Number(/build: (\d+) pages:/.exec(summary)?.[1]) - Number(/\/topics\/\* (\d+)/.exec(summary)?.[1])
    expect(rendered(summary)).toBe(1 + before.length + listingPages)
    for (const name of before) expect(relatedOf(name)).toContain('LinkedIn Authority Examples, Annotated</a>')
    // The search index is built again, with the new title, and is byte for byte the fresh build's (compared above).
    expect(summary).toMatch(/build: search +\d+ pages indexed: \d+ files, [\d.]+ MB, built by Pagefind/)
    const fragments = join(project, 'dist/client/pagefind/fragment')
    expect(readdirSync(fragments).some((name) => gunzipSync(readFileSync(join(fragments, name))).includes('LinkedIn Authority Examples, Annotated'))).toBe(true)
  })

  it('after a topic is deleted: its page, card, social card and sitemap entry are gone', () => {
    const socialCard = cardOf(page('topics/linkedin-audit-results.html'))
    rmSync(join(project, 'content/topics/linkedin-audit-results.md'))
    expectIncrementalEqualsFresh()
    expect(existsSync(join(project, 'dist/client/topics/linkedin-audit-results.html'))).toBe(false)
    expect(existsSync(join(project, 'dist/client', socialCard))).toBe(false)
    expect(page('topics.html')).not.toContain('/topics/linkedin-audit-results"')
    expect(page('sitemap.xml')).not.toContain('/topics/linkedin-audit-results<')
    expect(existsSync(join(project, 'dist/client/topics/linkedin-audit-results.md'))).toBe(false)
    expect(page('llms.txt')).not.toContain('/topics/linkedin-audit-results)')
  })

  it('after a topic is renamed: it moves to its new URL everywhere', () => {
    renameSync(join(project, 'content/topics/linkedin-authority-check.md'), join(project, 'content/topics/linkedin-authority-checkup.md'))
    expectIncrementalEqualsFresh()
    expect(existsSync(join(project, 'dist/client/topics/linkedin-authority-check.html'))).toBe(false)
    expect(page('topics/linkedin-authority-checkup.html')).toContain(
      '<link rel="canonical" href="https://authoritylens.com/topics/linkedin-authority-checkup">',
    )
    expect(page('sitemap.xml')).toContain('/topics/linkedin-authority-checkup<')
  })

  it('points a link to a content file at its page', () => {
    writeFileSync(join(project, 'content/topics/aa-linking-topic.md'), topicMarkdown({}, 'Read [the proof signals](./linkedin-proof-signals.md#faq).\n'))
    expectIncrementalEqualsFresh()
    expect(page('topics/aa-linking-topic.html')).toContain('<a href="/topics/linkedin-proof-signals#faq">the proof signals</a>')
  })

  // The build's own code and the cards' drawing code are known by what esbuild makes of them, so a file
  // whose comments alone change (routes.ts is imported by both), doc comments inside objects included, is the same code.
  it("after comments change in the build's code and the cards' drawing code: renders no page and draws no card", () => {
    for (const name of ['lib/universal/routes.ts', 'pipeline/pages-phase.ts']) {
      const file = join(project, name)
      writeFileSync(file, `// A comment added.\n${readFileSync(file, 'utf8').replace(/^(\s*)\/\*\* /gm, '$1/** Reworded: ')}`)
    }
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(0)
    expect(summary).toMatch(new RegExp(`build: cards +${CARDS} pictures: 0 drawn, ${CARDS} from the cache`))
  })

  it('after a component changes: re-renders every page with it', () => {
    const file = join(project, 'components/Footer.tsx')
    writeFileSync(file, readFileSync(file, 'utf8').replace('<footer className="site-footer">', '<footer className="site-footer" data-edited="yes">'))
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(Number(/build: (\d+) pages:/.exec(summary)?.[1]))
    expect(page('index.html')).toContain('data-edited="yes"')
    expect(page('topics/linkedin-proof-signals.html')).toContain('data-edited="yes"')
  })

  // What the pages are made from is found, not listed: a module in a folder no list names is part of
  // the bundle's key once a page imports it, and the pages' keys cover the bundle Vite wrote from it.
  it('after a new module in a new folder, imported by the topic page, changes: re-renders every topic page', () => {
    mkdirSync(join(project, 'widgets'))
    const widget = join(project, 'widgets/TopicStamp.tsx')
    writeFileSync(widget, 'export function TopicStamp() {\n  return <p className="topic-stamp">Stamp one</p>\n}\n')
    const topicPage = join(project, 'pages/topics/@slug/+Page.tsx')
    writeFileSync(
      topicPage,
      `import { TopicStamp } from '../../../widgets/TopicStamp'\n${readFileSync(topicPage, 'utf8').replace('<Prose name="body" />', '<Prose name="body" />\n      <TopicStamp />')}`,
    )
    build()
    expect(page('topics/linkedin-proof-signals.html')).toContain('Stamp one')
    writeFileSync(widget, readFileSync(widget, 'utf8').replace('Stamp one', 'Stamp two'))
    const { summary } = expectIncrementalEqualsFresh()
    const topicPages = readdirSync(join(project, 'dist/client/topics')).filter((name) => name.endsWith('.html'))
    expect(rendered(summary)).toBeGreaterThanOrEqual(topicPages.length)
    for (const name of topicPages) expect(page(`topics/${name}`)).toContain('Stamp two')
  })

  // "A new version" here is what the key reads: the version and integrity package-lock.json records for
  // each package the code imports and everything those depend on (fflate is one of satori's own
  // dependencies, which draws the cards); node_modules edited by hand, the lock unchanged, is not seen.
  it("after a new version of a package the cards' drawing code depends on: re-renders every page and draws every card again", () => {
    const before = cardOf(page('topics/linkedin-proof-signals.html'))
    const lockFile = join(project, 'package-lock.json')
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, { version: string }> }
    lock.packages['node_modules/fflate']!.version += '-next'
    writeFileSync(lockFile, JSON.stringify(lock, null, 2))
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(Number(/build: (\d+) pages:/.exec(summary)?.[1]))
    expect(summary).toMatch(new RegExp(`build: cards +${CARDS} pictures: ${CARDS} drawn, 0 from the cache`))
    expect(cardOf(page('topics/linkedin-proof-signals.html'))).not.toBe(before)
  })
})

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
    buildDate = undefined
    for (const file of Object.keys(DRAFTS_AND_SCHEDULED)) rmSync(join(project, file), { force: true })
  })

  it('are left out of a build dated before them: no page, card, sitemap entry or link; the summary says which and why', () => {
    for (const [file, text] of Object.entries(DRAFTS_AND_SCHEDULED)) writeFileSync(join(project, file), text)
    buildDate = '2027-01-04'
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
    buildDate = '2027-01-05'
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
    buildDate = '2027-01-04'
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

describe('the fixed routes', () => {
  it('are the same read from the page folders (check:content) as from each bundle (the build)', () => {
    const cache = join(project, 'cache')
    const lists = filesUnder(cache).filter((file) => file.endsWith('/routes.json'))
    expect(lists.length).toBeGreaterThan(0)
    for (const list of lists) expect(pageRoutes(join(project, 'pages'))).toEqual((JSON.parse(readFileSync(join(cache, list), 'utf8')) as string[]).sort())
  })
})

/** Runs the build expecting it to fail; returns what it printed. */
function failingBuild(): { stdout: string; stderr: string } {
  try {
    build()
  } catch (error) {
    const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string }
    expect(status).toBe(1)
    return { stdout, stderr }
  }
  throw new Error('the build succeeded')
}

describe('a build with bad content', () => {
  it('fails naming every bad topic file and field, cached or not, and builds again once they are fixed', () => {
    const first = 'content/topics/aa-bad-topic.md'
    const second = 'content/topics/zz-bad-topic.md'
    writeFileSync(join(project, first), topicMarkdown({ faqs: 'faqs:\n  - q: One?\n    a: Yes.\n  - q: Two?\n    a: ""' }))
    writeFileSync(join(project, second), topicMarkdown({ h1: null }))
    const { stderr } = failingBuild()
    expect(stderr).toContain('Content has 2 problems')
    expect(stderr.indexOf(`${first}: faqs[2].a: expected a non-empty string`)).toBeGreaterThan(-1)
    expect(stderr.indexOf(`${second}: h1: required field is missing`)).toBeGreaterThan(stderr.indexOf(first))
    rmSync(join(project, first))
    rmSync(join(project, second))
    expect(build()).toMatch(/build: \d+ pages:/)
  })

  it('fails naming the article and its field when its own social image is too small, and builds again once it is removed', async () => {
    const article = 'content/blog/aa-small-image.md'
    await pngFile(project, 'content/blog/small.png', { width: 1000, height: 500 })
    writeFileSync(join(project, article), articleMarkdown({ image: 'image: ./small.png', imageAlt: 'imageAlt: A small picture' }, 'Body.\n'))
    const { stderr } = failingBuild()
    expect(stderr).toContain(
      `${article}: image: ./small.png: 1000 × 500 px, smaller than the 1200 × 630 px a shared link shows; use a picture at least that size (it is cropped to it)`,
    )
    rmSync(join(project, article))
    rmSync(join(project, 'content/blog/small.png'))
    expect(build()).toMatch(/build: \d+ pages:/)
  })

  it('fails when a page reused from the cache links to a topic deleted since, and builds again once the topic is back', () => {
    // aa-linking-topic.md, written above, links to this topic; its page is in the cache and is not rendered again.
    const target = join(project, 'content/topics/linkedin-proof-signals.md')
    const saved = readFileSync(target)
    rmSync(target)
    const { stderr } = failingBuild()
    expect(stderr).toContain(
      'content/topics/aa-linking-topic.md:14: link to ./linkedin-proof-signals.md#faq leads nowhere (no content/topics/linkedin-proof-signals.md)',
    )
    writeFileSync(target, saved)
    expect(build()).toMatch(/build: \d+ pages:/)
  })

  it('lists the YAML mistakes, impossible dates and broken links of every file together', () => {
    const files = {
      yaml: 'content/topics/bad-yaml.md',
      link: 'content/topics/bad-link.md',
      date: 'content/blog/bad-date.md',
    }
    writeFileSync(join(project, files.yaml), topicMarkdown({ summary: 'summary: "unclosed' }))
    writeFileSync(join(project, files.link), topicMarkdown({}, 'See [the old page](../topics/nope.md).\n'))
    // Without a bad article the topics are validated as their pages are rendered; with one, before anything is.
    for (const article of [null, '---\ntitle: B\ndescription: About B.\ndate: 2025-13-45\n---\nBody.\n']) {
      if (article) writeFileSync(join(project, files.date), article)
      const { stderr } = failingBuild()
      expect(stderr).toContain(`${files.yaml}:3:10: the quote (") that opens this value is never closed; add one where the value ends`)
      expect(stderr).toContain(`${files.link}:14: link to ../topics/nope.md leads nowhere (no content/topics/nope.md)`)
      if (article) expect(stderr).toContain(`${files.date}: date: 2025-13-45 is not a real date; write YYYY-MM-DD`)
    }
    for (const file of Object.values(files)) rmSync(join(project, file))
  })

  it('fails on a bad article before rendering, listing the bad topics too', () => {
    const post = 'content/blog/bad-post.md'
    const topic = 'content/topics/bad-topic.md'
    writeFileSync(join(project, post), '---\ntitle: B\ndate: 2025-01-01\n---\nBody.\n')
    writeFileSync(join(project, topic), topicMarkdown({ summary: 'summary: ""' }))
    const { stdout, stderr } = failingBuild()
    expect(stderr).toContain(`${post}: description: required field is missing`)
    expect(stderr).toContain(`${topic}: summary: expected a non-empty string`)
    expect(stdout).not.toContain('build: pages')
    rmSync(join(project, post))
    rmSync(join(project, topic))
  })
})
