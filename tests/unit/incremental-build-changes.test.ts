// An incremental build after each kind of change (content, images, code, a package) must write exactly
// what a fresh one writes, byte for byte; bad content fails it, naming the file and field, until fixed.
// Each test changes one thing in a copy of the project (incremental-build-fixture.ts) and builds it.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { articleMarkdown, FIXTURE_ENTRIES, pngFile, topicMarkdown } from './content-fixture'
import { build, cardOf, copyProjectAndBuild, expectIncrementalEqualsFresh, failingBuild, page, project, rendered } from './incremental-build-fixture'

/** The fixture's article with an image (its images/trust-gaps.png), and the image files its page names. */
const ARTICLE_WITH_IMAGE = 'blog/ai-audit-fixes-linkedin-trust-gaps-24-hours.html'
/** The social cards of the test content: one per article and topic, and one per fixed page that has one (all but 404, confirmation, thank-you, referral). */
const CARDS = ['blog', 'topics'].flatMap((folder) => readdirSync(join(FIXTURE_ENTRIES, folder)).filter((name) => name.endsWith('.md'))).length + 7
const imageFilesOf = (html: string) => [...new Set([...html.matchAll(/\/assets\/images\/([^\s",]+)/g)].map(([, name]) => name!))].sort()
const publishedImages = () => readdirSync(join(project, 'dist/client/assets/images')).sort()

copyProjectAndBuild()

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
    expect(
      readdirSync(fragments)
        .filter((name) => name.endsWith('.pf_fragment'))
        .some((name) => gunzipSync(readFileSync(join(fragments, name))).includes('LinkedIn Authority Examples, Annotated')),
    ).toBe(true)
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
