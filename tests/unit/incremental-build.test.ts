// An incremental build must write exactly what a fresh one writes. This builds a copy of the
// project (its own content, cache and output) with `npm run build`, changes one thing at a time,
// and after each change compares the incremental output with a `--fresh` build's, byte for byte.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageRoutes } from '../../lib/node/page-routes.server'
import { digest, filesUnder } from '../../scripts/build/cache'
import { articleMarkdown, pngFile, topicMarkdown } from './content-fixture'

const PROJECT_PARTS = [
  'components',
  'content',
  'lib',
  'pages',
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

function build(...args: string[]): string {
  const cache = args.includes('--fresh') ? 'fresh-cache' : 'cache'
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...args], {
    cwd: project,
    env: { ...process.env, BUILD_QUIET: '1', BUILD_CACHE_DIR: join(project, cache), CONTENT_DIR: '', DIST_DIR: '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

function snapshot(): Map<string, string> {
  const dist = join(project, 'dist')
  return new Map(filesUnder(dist).map((file) => [file, digest(readFileSync(join(dist, file)))]))
}

/** Builds incrementally, then fresh; both outputs must be the same files with the same bytes. */
function expectIncrementalEqualsFresh(): { summary: string } {
  const summary = build()
  const incremental = snapshot()
  build('--fresh')
  const fresh = snapshot()
  expect([...incremental.keys()]).toEqual([...fresh.keys()])
  const differing = [...fresh].filter(([file, bytes]) => incremental.get(file) !== bytes).map(([file]) => file)
  expect(differing).toEqual([])
  return { summary }
}

const rendered = (summary: string) => Number(/build: ([\d,]+) rendered/.exec(summary)?.[1]?.replace(/,/g, ''))
const page = (file: string) => readFileSync(join(project, 'dist', 'client', file), 'utf8')
/** The article with an image (content/images/trust-gaps.png), and the image files its page names. */
const ARTICLE_WITH_IMAGE = 'blog/ai-audit-fixes-linkedin-trust-gaps-24-hours.html'
const imageFilesOf = (html: string) => [...new Set([...html.matchAll(/\/assets\/images\/([^\s",]+)/g)].map(([, name]) => name!))].sort()
const publishedImages = () => readdirSync(join(project, 'dist/client/assets/images')).sort()
/** The file of a page's social card (its og:image), relative to the client folder. */
const cardOf = (html: string) => /<meta property="og:image" content="https?:\/\/[^/]+\/(assets\/cards\/[0-9a-f]{32}\.png)">/.exec(html)![1]!

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'incremental-'))
  for (const part of PROJECT_PARTS) cpSync(part, join(project, part), { recursive: true })
  symlinkSync(resolve('node_modules'), join(project, 'node_modules'))
  build()
}, 60_000)

afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('an incremental build', () => {
  it('reuses every page and encodes no image when nothing changed', () => {
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(0)
    expect(summary).toContain('1 image (0 encoded, 1 from the cache)')
    expect(summary).toMatch(/build: cards +41 pictures: 0 drawn, 41 from the cache/)
  })

  it("after a topic's title changes: draws its card alone, and its page names the new card only", () => {
    const file = join(project, 'content/topics/linkedin-proof-signals.md')
    const before = cardOf(page('topics/linkedin-proof-signals.html'))
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: LinkedIn Proof Signals, Retitled'))
    const { summary } = expectIncrementalEqualsFresh()
    expect(summary).toMatch(/build: cards +41 pictures: 1 drawn, 40 from the cache/)
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

  // Two builds that each encode the image (the fresh one into its own cache): more than the default 30 s on a busy machine.
  it('after an image changes: encodes it alone, and the article points at its new files only', async () => {
    const before = imageFilesOf(page(ARTICLE_WITH_IMAGE))
    const source = join(project, 'content/images/trust-gaps.png')
    writeFileSync(source, await sharp(source).flop().png().toBuffer())
    const { summary } = expectIncrementalEqualsFresh()
    expect(summary).toContain('1 image (1 encoded, 0 from the cache)')
    const after = imageFilesOf(page(ARTICLE_WITH_IMAGE))
    expect(after.filter((name) => before.includes(name))).toEqual([])
    expect(publishedImages()).toEqual(after)
  }, 60_000)

  it('after a topic edit: re-renders that page only, which shows the edit', () => {
    const file = join(project, 'content/topics/linkedin-proof-signals.md')
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nA sentence added by the incremental build test.\n`)
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(1)
    expect(page('topics/linkedin-proof-signals.html')).toContain('A sentence added by the incremental build test.')
  })

  it('after a topic is deleted: its page, card, social card and sitemap entry are gone', () => {
    const socialCard = cardOf(page('topics/linkedin-audit-results.html'))
    rmSync(join(project, 'content/topics/linkedin-audit-results.md'))
    expectIncrementalEqualsFresh()
    expect(existsSync(join(project, 'dist/client/topics/linkedin-audit-results.html'))).toBe(false)
    expect(existsSync(join(project, 'dist/client', socialCard))).toBe(false)
    expect(page('topics.html')).not.toContain('/topics/linkedin-audit-results"')
    expect(page('sitemap.xml')).not.toContain('/topics/linkedin-audit-results<')
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

  it('after a component changes: re-renders every page with it', () => {
    const file = join(project, 'components/Footer.tsx')
    writeFileSync(file, readFileSync(file, 'utf8').replace('<footer className="site-footer">', '<footer className="site-footer" data-edited="yes">'))
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(Number(/build: (\d+) pages:/.exec(summary)?.[1]))
    expect(page('index.html')).toContain('data-edited="yes"')
    expect(page('topics/linkedin-proof-signals.html')).toContain('data-edited="yes"')
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

describe('a build with bad content', () => {
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
