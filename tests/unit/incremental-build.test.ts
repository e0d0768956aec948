// An incremental build must write what a build from nothing writes, byte for byte, after each kind of
// change: content, images, code, a package, the day it publishes for; bad content fails it, naming the
// file and field, until fixed. The tests share one copy of the project (its own content, cache and
// output) and run in order, each building on the last one's output. Changes whose effects can be told
// apart are made together: one build shows each change's own effect (the pages it rendered, the cards it
// drew), and its output is compared with a build from nothing's once per kind of change, not per change.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageRoutes } from '../../lib/node/content.server'
import { digest, filesUnder } from '../../pipeline/cache'
import { count } from '../../pipeline/progress'
import { articleMarkdown, FIXTURE_ENTRIES, pngFile, topicMarkdown, writeTestContent } from './content-fixture'

// The project's code; its content is the test content (tests/fixtures/content), written in as content/.
const PROJECT_PARTS = ['components', 'lib', 'migrations', 'pages', 'pipeline', 'public', 'renderer', 'scripts', 'server']
const PROJECT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts']
let project = ''
/** The day the builds publish for (BUILD_DATE): the day before the scheduled entries', unless a test moves it. */
let buildDate = '2027-01-04'

function runBuild(cache: string): string {
  return execFileSync(process.execPath, ['scripts/run-build.mjs'], {
    cwd: project,
    env: { ...process.env, BUILD_CACHE_DIR: join(project, cache), CONTENT_DIR: '', DIST_DIR: '', BUILD_DATE: buildDate },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

const clientFile = (file: string) => join(project, 'dist/client', file)
const page = (file: string) => readFileSync(clientFile(file), 'utf8')
const edit = (file: string, change: (text: string) => string) => writeFileSync(join(project, file), change(readFileSync(join(project, file), 'utf8')))
/** Every page of the output (relative to the client folder, sorted); `topics/x.html` are the topics', `topics/page/n.html` the topic index's. */
const pageFiles = () => filesUnder(join(project, 'dist/client')).filter((file) => file.endsWith('.html'))
const isTopicPage = (file: string) => /^topics\/[^/]+\.html$/.test(file)
/** The pages that list the content, keyed by the whole index: all but the topics' own. */
const listingPages = () => pageFiles().filter((file) => !isTopicPage(file))
/** The file of a page's social card (its og:image), relative to the client folder. */
const cardOf = (html: string) => /<meta property="og:image" content="https?:\/\/[^/]+\/(assets\/cards\/[0-9a-f]{32}\.png)">/.exec(html)![1]!

/**
 * An incremental build: what it printed, and the pages it rendered, as many as it says. A page it reused
 * is a link to the file an earlier build wrote into the cache; one it rendered, a file written since it started.
 */
function build(): { summary: string; rendered: string[] } {
  const started = Date.now()
  const summary = runBuild('cache')
  const rendered = pageFiles().filter((file) => statSync(clientFile(file)).mtimeMs >= started)
  expect(rendered).toHaveLength(Number(/build: ([\d,]+) rendered/.exec(summary)?.[1]?.replace(/,/g, '')))
  return { summary, rendered }
}

/** Runs the build expecting it to fail; returns what it printed. */
function failingBuild(): { stdout: string; stderr: string } {
  try {
    runBuild('cache')
  } catch (error) {
    const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string }
    expect(status).toBe(1)
    return { stdout, stderr }
  }
  throw new Error('the build succeeded')
}

/** The output (dist/) as it is, by file: the digest of its bytes. */
function snapshot(): Map<string, string> {
  const dist = join(project, 'dist')
  return new Map(filesUnder(dist).map((file) => [file, digest(readFileSync(join(dist, file)))]))
}

/** The output must be `expected`'s files, with the same bytes. */
function expectOutput(expected: Map<string, string>): void {
  const output = snapshot()
  expect([...output.keys()]).toEqual([...expected.keys()])
  expect([...expected].filter(([file, bytes]) => output.get(file) !== bytes).map(([file]) => file)).toEqual([])
}

/**
 * Builds from nothing and expects it to write what the last incremental build wrote; returns that output.
 * The build from nothing has a cache of its own, emptied first but for two things, each kept under the
 * digest of what it is made from, so that a changed component or image is still built or encoded again:
 * its `vike build` output (the code) and its encoded images (their bytes). That spares each comparison
 * ten seconds. The first comparison makes both from nothing, on content changed since the incremental
 * build last ran Vite: that proves the content never reaches the bundle.
 */
function expectSameAsFresh(): Map<string, string> {
  const incremental = snapshot()
  const cache = join(project, 'fresh-cache')
  for (const part of existsSync(cache) ? readdirSync(cache) : []) if (part !== 'bundles' && part !== 'images') rmSync(join(cache, part), { recursive: true })
  runBuild('fresh-cache')
  expectOutput(incremental)
  return incremental
}

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'incremental-'))
  for (const part of [...PROJECT_PARTS, ...PROJECT_FILES]) cpSync(part, join(project, part), { recursive: true })
  writeTestContent(join(project, 'content'))
  symlinkSync(resolve('node_modules'), join(project, 'node_modules'))
  // Every page's footer shows a component of a folder no list of the build names (one test changes it).
  mkdirSync(join(project, 'widgets'))
  writeFileSync(join(project, 'widgets/Stamp.tsx'), 'export function Stamp() {\n  return <p className="stamp">Stamp one</p>\n}\n')
  edit('components/Footer.tsx', (text) => `import { Stamp } from '../widgets/Stamp'\n${text.replace('<footer className="site-footer">', '$&\n<Stamp />')}`)
  runBuild('cache')
})

afterAll(() => rmSync(project, { recursive: true, force: true }))

/** The social cards of the test content: one per article and topic, and one per fixed page that has one (all but 404, confirmation, thank-you, referral). */
const CARDS = ['blog', 'topics'].flatMap((folder) => readdirSync(join(FIXTURE_ENTRIES, folder)).filter((name) => name.endsWith('.md'))).length + 7
/** The fixture's article with an image (its images/trust-gaps.png), and the image files its page names. */
const ARTICLE_WITH_IMAGE = 'blog/ai-audit-fixes-linkedin-trust-gaps-24-hours.html'
const imageFilesOf = (html: string) => [...new Set([...html.matchAll(/\/assets\/images\/([^\s",]+)/g)].map(([, name]) => name!))].sort()
const publishedImages = () => readdirSync(clientFile('assets/images')).sort()
const PROOF = 'content/topics/linkedin-proof-signals.md'
const ADDED = 'A sentence added by the incremental build test.'
const DRAFTS_AND_SCHEDULED = {
  'content/blog/draft-post.md': articleMarkdown({ title: 'title: A draft article', draft: 'draft: true' }),
  'content/blog/future-post.md': articleMarkdown({ title: 'title: A future article', date: 'date: 2027-01-05' }),
  'content/topics/draft-topic.md': topicMarkdown({ title: 'title: A draft topic', draft: 'draft: true' }),
  'content/topics/future-topic.md': topicMarkdown({ title: 'title: A future topic', date: 'date: 2027-01-05' }),
}
const LEFT_OUT = ['/blog/draft-post', '/blog/future-post', '/topics/draft-topic', '/topics/future-topic']
const pagesOf = (paths: string[]) => paths.filter((path) => existsSync(clientFile(`${path.slice(1)}.html`)))
/** The listing pages and files that name `path` (as a link, a card or a sitemap entry). */
const namedBy = (path: string) =>
  ['index.html', 'blog.html', 'topics.html', 'sitemap.xml', '_redirects'].filter((file) => new RegExp(`${path}["<\\s#]`).test(page(file)))
/** The files of the folders carried over from the last build's output. */
const carried = () => ['topics', 'assets/cards', 'pagefind'].flatMap((folder) => filesUnder(clientFile(folder)))
const carriedCounts = (summary: string) =>
  /carried over from the last build: ([\d,]+) files kept, ([\d,]+) replaced, ([\d,]+) deleted/
    .exec(summary)!
    .slice(1)
    .map((n) => Number(n.replace(/,/g, '')))
/** The output after topics were deleted, renamed and added. */
let reshaped: Map<string, string>

describe('an incremental build', () => {
  it("publishes every file of an article's picture under /assets/images/, and no other; its routes are those check:content reads from the page folders", () => {
    const names = imageFilesOf(page(ARTICLE_WITH_IMAGE))
    expect(names.map((name) => name.replace(/\.[0-9a-f]{10}\./, '.')).sort()).toEqual(
      ['avif', 'jpg', 'webp'].flatMap((extension) => [1200, 1472, 480, 800].map((width) => `trust-gaps-${width}.${extension}`)).sort(),
    )
    expect(publishedImages()).toEqual(names)
    const cache = join(project, 'cache')
    const lists = filesUnder(cache).filter((file) => file.endsWith('/routes.json'))
    expect(lists.length).toBeGreaterThan(0)
    for (const list of lists) expect(pageRoutes(join(project, 'pages'))).toEqual((JSON.parse(readFileSync(join(cache, list), 'utf8')) as string[]).sort())
  })

  it('after a topic edit and new old URLs: re-renders that page only, which shows the edit; drafts and scheduled entries added are left out, named nowhere', () => {
    edit(PROOF, (text) => `${text.replace(/^---\n/, '---\nredirectFrom: [/topics/proof-signals, /proof]\n')}\n${ADDED}\n`)
    for (const [file, text] of Object.entries(DRAFTS_AND_SCHEDULED)) writeFileSync(join(project, file), text)
    const { summary, rendered } = build()
    expect(rendered).toEqual(['topics/linkedin-proof-signals.html'])
    expect(page('topics/linkedin-proof-signals.html')).toContain(ADDED)
    expect(page('topics/linkedin-proof-signals.md')).toContain(ADDED)
    // A topic's text is not in the search index (its title, heading and summary are): the index comes from the cache.
    expect(summary).toMatch(/build: search +\d+ pages indexed: \d+ files, [\d.]+ MB, from the cache/)
    expect(summary).toContain(
      'build: left out 4: content/blog/draft-post.md (draft), content/blog/future-post.md (scheduled for 2027-01-05), ' +
        'content/topics/draft-topic.md (draft), content/topics/future-topic.md (scheduled for 2027-01-05)\n',
    )
    expect(pagesOf(LEFT_OUT)).toEqual([])
    for (const path of LEFT_OUT) expect(namedBy(path), path).toEqual([])
    expect(page('topics.html')).not.toContain('A future topic')
    expect(JSON.parse(page('../publication.json'))).toEqual({ buildDate, leftOut: LEFT_OUT.map((path) => expect.objectContaining({ path })) })
  })

  it('after an image changes: encodes it alone, re-renders the pages that list articles only, and the article points at its new files only', async () => {
    const before = imageFilesOf(page(ARTICLE_WITH_IMAGE))
    const source = join(project, 'content/images/trust-gaps.png')
    writeFileSync(source, await sharp(source).flop().png().toBuffer())
    const { summary, rendered } = build()
    expect(summary).toContain('1 image (1 encoded, 0 from the cache)')
    expect(rendered).toEqual(listingPages())
    const after = imageFilesOf(page(ARTICLE_WITH_IMAGE))
    expect(after.filter((name) => before.includes(name))).toEqual([])
    expect(publishedImages()).toEqual(after)
  })

  it('publishes scheduled entries from their date on, the scheduled topic rendered though its file is unchanged; a draft never', () => {
    buildDate = '2027-01-05'
    const { summary } = build()
    expect(summary).toContain('build: left out 2: content/blog/draft-post.md (draft), content/topics/draft-topic.md (draft)\n')
    expect(pagesOf(LEFT_OUT)).toEqual(['/blog/future-post', '/topics/future-topic'])
    expect(namedBy('/blog/future-post')).toEqual(['blog.html', 'sitemap.xml'])
    expect(namedBy('/topics/future-topic')).toEqual(['topics.html', 'sitemap.xml'])
  })

  it("reuses every page, card and image when nothing changed, keeping its last output's files; a left-out topic is known from the cache, and old URLs from a reused page", () => {
    const { summary, rendered } = build()
    expect(rendered).toEqual([])
    expect(summary).toContain('1 image (0 encoded, 1 from the cache)')
    expect(summary).toMatch(/build: cards +(\d+) pictures: 0 drawn, \1 from the cache/)
    expect(summary).toContain(`carried over from the last build: ${count(carried().length)} files kept, 0 replaced, 0 deleted`)
    expect(summary).toContain('build: left out 2:')
    // Each reused topic page gets its markdown twin back from the cache.
    const topics = readdirSync(clientFile('topics'))
    const twins = topics.filter((name) => name.endsWith('.html')).map((name) => name.replace(/html$/, 'md'))
    expect(topics.filter((name) => name.endsWith('.md')).sort()).toEqual(twins.sort())
    // Old URLs are answered from the list the server reads, _redirects and vercel.json.
    const redirects = ['/proof', '/topics/proof-signals'].map((from) => ({ from, to: '/topics/linkedin-proof-signals' }))
    expect(JSON.parse(page('../redirects.json'))).toEqual(redirects)
    for (const { from, to } of redirects) expect(page('_redirects')).toContain(`\n${from} ${to} 308\n`)
    expect((JSON.parse(page('vercel.json')) as { redirects: unknown[] }).redirects).toEqual(
      redirects.map(({ from, to }) => ({ source: from, destination: to, statusCode: 308 })),
    )
    expect(page('sitemap.xml')).not.toMatch(/\/topics\/proof-signals<|\/proof</)
    expectSameAsFresh()
  })

  it('leaves them out again when dated before them, though the scheduled topic’s page is in the cache; takes no output of a build from nothing for its own', () => {
    buildDate = '2027-01-04'
    const { summary } = build()
    expect(pagesOf(LEFT_OUT)).toEqual([])
    expect(namedBy('/topics/future-topic')).toEqual([])
    // The last output is a build's from nothing (the last test's), with a cache of its own.
    expect(summary).toMatch(/build: output +the topic pages, cards and search index: [\d,]+ files, none carried over from the last build/)
  })

  // The build's own code and the cards' drawing code are known by what esbuild makes of them, so a file whose comments
  // alone change (routes.ts is imported by both), doc comments inside objects included, is the same code: it renders nothing.
  it("after a topic's title and comments in the build's code change: re-renders its page, those that list it as related and those that list topics, draws its card alone, and builds the search index again", () => {
    for (const name of ['lib/universal/routes.ts', 'pipeline/pages-phase.ts'])
      edit(name, (text) => `// A comment added.\n${text.replace(/^(\s*)\/\*\* /gm, '$1/** Reworded: ')}`)
    const slug = 'linkedin-authority-examples'
    const relatedOf = (name: string) => /<nav class="related"[\s\S]*?<\/nav>/.exec(page(`topics/${name}`))?.[0] ?? ''
    const listing = () => readdirSync(clientFile('topics')).filter((name) => relatedOf(name).includes(`href="/topics/${slug}"`))
    const before = listing()
    expect(before.length).toBeGreaterThan(0)
    const card = cardOf(page(`topics/${slug}.html`))
    // A word no other topic has: the likeness of the topics, and so every list, stays the same.
    edit(`content/topics/${slug}.md`, (text) => text.replace('title: "LinkedIn Authority Examples"', 'title: "LinkedIn Authority Examples, Annotated"'))
    const { summary, rendered } = build()
    expect(listing()).toEqual(before)
    expect(rendered).toEqual([...listingPages(), `topics/${slug}.html`, ...before.map((name) => `topics/${name}`)].sort())
    for (const name of before) expect(relatedOf(name)).toContain('LinkedIn Authority Examples, Annotated</a>')
    expect(summary).toMatch(new RegExp(`build: cards +${CARDS} pictures: 1 drawn, ${CARDS - 1} from the cache`))
    const after = cardOf(page(`topics/${slug}.html`))
    expect(after).not.toBe(card)
    expect(existsSync(clientFile(after))).toBe(true)
    expect(existsSync(clientFile(card))).toBe(false)
    // The search index is built again, with the new title (and compared with a fresh one's after the next test).
    expect(summary).toMatch(/build: search +\d+ pages indexed: \d+ files, [\d.]+ MB, built by Pagefind/)
    const fragments = clientFile('pagefind/fragment')
    const texts = readdirSync(fragments).filter((name) => name.endsWith('.pf_fragment'))
    expect(texts.some((name) => gunzipSync(readFileSync(join(fragments, name))).includes('LinkedIn Authority Examples, Annotated'))).toBe(true)
    // The last output is carried over: the retitled topic's page and twin are replaced, the rest kept.
    const [kept = 0, replaced = 0] = carriedCounts(summary)
    expect(kept).toBeGreaterThan(0)
    expect(replaced).toBeGreaterThanOrEqual(2)
  })

  it('after a topic is deleted, one renamed and one added: the first is gone everywhere, the second moves to its new URL, the third links to a content file as its page', () => {
    const deleted = ['topics/linkedin-audit-results.html', 'topics/linkedin-audit-results.md', cardOf(page('topics/linkedin-audit-results.html'))]
    rmSync(join(project, 'content/topics/linkedin-audit-results.md'))
    renameSync(join(project, 'content/topics/linkedin-authority-check.md'), join(project, 'content/topics/linkedin-authority-checkup.md'))
    writeFileSync(join(project, 'content/topics/aa-linking-topic.md'), topicMarkdown({}, 'Read [the proof signals](./linkedin-proof-signals.md#faq).\n'))
    const { summary } = build()
    // Its page, twin and social card are deleted from the output carried over.
    const [kept = 0, replaced = 0, removed = 0] = carriedCounts(summary)
    expect(removed).toBeGreaterThanOrEqual(deleted.length)
    expect(kept + replaced).toBeLessThanOrEqual(carried().length)
    for (const file of deleted) expect(existsSync(clientFile(file)), file).toBe(false)
    expect(page('topics.html')).not.toContain('/topics/linkedin-audit-results"')
    expect(page('sitemap.xml')).not.toContain('/topics/linkedin-audit-results<')
    expect(page('llms.txt')).not.toContain('/topics/linkedin-audit-results)')
    expect(existsSync(clientFile('topics/linkedin-authority-check.html'))).toBe(false)
    expect(page('topics/linkedin-authority-checkup.html')).toContain(
      '<link rel="canonical" href="https://authoritylens.com/topics/linkedin-authority-checkup">',
    )
    expect(page('sitemap.xml')).toContain('/topics/linkedin-authority-checkup<')
    expect(page('topics/aa-linking-topic.html')).toContain('<a href="/topics/linkedin-proof-signals#faq">the proof signals</a>')
    reshaped = expectSameAsFresh()
  })

  describe('with bad content', () => {
    const COACHES = 'content/topics/linkedin-audit-for-coaches.md'
    const saved = new Map<string, string>()
    const problemsOf = (stderr: string) => [...stderr.matchAll(/^ {2}(.+)$/gm)].map(([, line]) => line!)
    // The left-out articles' links are checked too.
    const LINKS_AND_OLD_URLS = [
      ...['draft-post.md:8', 'future-post.md:7'].map(
        (at) => `content/blog/${at}: link to ../topics/linkedin-proof-signals.md leads nowhere (no content/topics/linkedin-proof-signals.md)`,
      ),
      'content/topics/aa-linking-topic.md:14: link to ./linkedin-proof-signals.md#faq leads nowhere (no content/topics/linkedin-proof-signals.md)',
      `${COACHES}: redirectFrom[1]: /blog/why-most-linkedin-profiles-fail is the page of content/blog/why-most-linkedin-profiles-fail.md, which a redirect would hide; remove it from redirectFrom, or remove that first`,
    ]
    /** Bad topic files: each one's text and the problem the build names it with. */
    const BAD_TOPICS = {
      'content/topics/aa-bad-topic.md': [
        topicMarkdown({ faqs: 'faqs:\n  - q: One?\n    a: Yes.\n  - q: Two?\n    a: ""' }),
        ': faqs[2].a: expected a non-empty string',
      ],
      'content/topics/bad-link.md': [
        topicMarkdown({}, 'See [the old page](../topics/nope.md).\n'),
        ':14: link to ../topics/nope.md leads nowhere (no content/topics/nope.md)',
      ],
      'content/topics/bad-topic.md': [topicMarkdown({ summary: 'summary: ""' }), ': summary: expected a non-empty string'],
      'content/topics/bad-yaml.md': [
        topicMarkdown({ summary: 'summary: "unclosed' }),
        ':3:10: the quote (") that opens this value is never closed; add one where the value ends',
      ],
      'content/topics/zz-bad-topic.md': [topicMarkdown({ h1: null }), ': h1: required field is missing (expected a non-empty string)'],
    }
    const BAD_ARTICLES = {
      'content/blog/aa-small-image.md': [
        articleMarkdown({ image: 'image: ./small.png', imageAlt: 'imageAlt: A small picture' }, 'Body.\n'),
        ': image: ./small.png: 1000 × 500 px, smaller than the 1200 × 630 px a shared link shows; use a picture at least that size (it is cropped to it)',
      ],
      'content/blog/bad-date.md': [
        '---\ntitle: B\ndescription: About B.\ndate: 2025-13-45\n---\nBody.\n',
        ': date: 2025-13-45 is not a real date; write YYYY-MM-DD',
      ],
      'content/blog/bad-post.md': ['---\ntitle: B\ndate: 2025-01-01\n---\nBody.\n', ': description: required field is missing (expected a non-empty string)'],
    }
    const lines = (files: Record<string, string[]>) => Object.entries(files).map(([file, [, problem]]) => `${file}${problem}`)
    const write = (files: Record<string, string[]>) => Object.entries(files).forEach(([file, [text]]) => writeFileSync(join(project, file), text!))

    it('fails when a page reused from the cache links to a topic deleted since, or an old URL is another page, naming the file and field', () => {
      for (const file of [PROOF, COACHES]) saved.set(file, readFileSync(join(project, file), 'utf8'))
      rmSync(join(project, PROOF))
      edit(COACHES, (text) => text.replace(/^---\n/, '---\nredirectFrom: [/blog/why-most-linkedin-profiles-fail]\n'))
      const started = Date.now()
      const { stderr } = failingBuild()
      expect(problemsOf(stderr)).toEqual(LINKS_AND_OLD_URLS)
      // The linking topic's page came from the cache; its links are kept with it there.
      expect(statSync(clientFile('topics/aa-linking-topic.html')).mtimeMs).toBeLessThan(started)
    })

    it('fails naming every bad topic file and field, rendered or reused, in the order of the files; with a bad article too, before rendering, listing the topics as well', async () => {
      write(BAD_TOPICS)
      const { stderr } = failingBuild()
      expect(stderr).toContain(`Content has ${LINKS_AND_OLD_URLS.length + 5} problems`)
      expect(problemsOf(stderr)).toEqual([...LINKS_AND_OLD_URLS, ...lines(BAD_TOPICS)].sort())
      await pngFile(project, 'content/blog/small.png', { width: 1000, height: 500 })
      write(BAD_ARTICLES)
      const early = failingBuild()
      expect(problemsOf(early.stderr)).toEqual(expect.arrayContaining([...LINKS_AND_OLD_URLS, ...lines(BAD_TOPICS), ...lines(BAD_ARTICLES)]))
      expect(early.stdout).not.toContain('build: pages')
    })

    it('builds what it built before once the content is fixed', () => {
      for (const file of [...Object.keys(BAD_TOPICS), ...Object.keys(BAD_ARTICLES), 'content/blog/small.png']) rmSync(join(project, file))
      for (const [file, text] of saved) writeFileSync(join(project, file), text)
      build()
      expectOutput(reshaped)
    })
  })

  // What the pages are made from is found, not listed: a module in a folder no list names is part of
  // the bundle's key once a page imports it, and the pages' keys cover the bundle Vite wrote from it.
  it('after a component in a new folder, which the footer imports, changes: re-renders every page, which shows it', () => {
    edit('widgets/Stamp.tsx', (text) => text.replace('Stamp one', 'Stamp two'))
    expect(build().rendered).toEqual(pageFiles())
    for (const file of pageFiles()) expect(page(file), file).toContain('Stamp two')
    expectSameAsFresh()
  })

  // "A new version" here is what the key reads: the version and integrity package-lock.json records for
  // each package the code imports and everything those depend on (fflate is one of satori's own
  // dependencies, which draws the cards); node_modules edited by hand, the lock unchanged, is not seen.
  it("after a new version of a package the cards' drawing code depends on: re-renders every page and draws every card again", () => {
    // With 36 topics more than the 13: more than one page of the index lists (TOPICS_PER_PAGE, 48), for the next test.
    for (let n = 0; n < 36; n++)
      writeFileSync(join(project, `content/topics/paged-${n}.md`), topicMarkdown({ title: `title: Paged topic ${String(n).padStart(2, '0')}` }))
    build()
    const before = cardOf(page('topics/linkedin-proof-signals.html'))
    edit('package-lock.json', (text) => {
      const lock = JSON.parse(text) as { packages: Record<string, { version: string }> }
      lock.packages['node_modules/fflate']!.version += '-next'
      return JSON.stringify(lock, null, 2)
    })
    const { summary, rendered } = build()
    expect(rendered).toEqual(pageFiles())
    expect(summary).toMatch(/build: cards +(\d+) pictures: \1 drawn, 0 from the cache/)
    expect(cardOf(page('topics/linkedin-proof-signals.html'))).not.toBe(before)
    // Compared with a build from nothing after the next test, which renders few pages and draws no card.
  })

  it('re-renders, after a topic summary changes, the one page of a topic index of several pages that lists it, and no other', () => {
    const indexPages = () => pageFiles().filter((file) => file === 'topics.html' || file.startsWith('topics/page/'))
    expect(indexPages()).toEqual(['topics.html', 'topics/page/2.html'])
    const before = new Map(indexPages().map((file) => [file, page(file)]))
    const slug = 'paged-30'
    // The topics the edited one is related to list its summary too.
    const relatedTo = pageFiles().filter((file) => isTopicPage(file) && page(file).includes(`href="/topics/${slug}"`))
    // A word no other topic has: the likeness of the topics, and so every related list, stays the same.
    writeFileSync(
      join(project, `content/topics/${slug}.md`),
      topicMarkdown({ title: 'title: Paged topic 30', summary: 'summary: A test topic summary, Zanzibar.' }),
    )
    const { rendered } = build()
    const changed = indexPages().filter((file) => page(file) !== before.get(file))
    expect(changed).toHaveLength(1)
    expect(page(changed[0]!)).toContain('A test topic summary, Zanzibar.')
    // The topic, the topics it is related to, the one index page, and the pages keyed by the whole index.
    expect(rendered).toEqual([...listingPages().filter((file) => !before.has(file)), ...changed, `topics/${slug}.html`, ...relatedTo].sort())
    expectSameAsFresh()
  })
})
