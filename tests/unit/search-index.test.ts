// The site search's index: what the build puts in it (the published articles and topics, nothing else),
// what it keeps of a page, and that the dialog shows Pagefind's excerpt as text.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchRecordOf } from '../../lib/node/search-record.server'
import { excerptParts } from '../../lib/universal/search'
import { searchRecords, writeSearchIndex } from '../../pipeline/search-index'
import { builtPage, tempDir, writeTestContent } from './content-fixture'

/** The URL and title of every page in the index under `clientDir`, read from its fragments as pagefind.js reads them. */
function indexedPages(clientDir: string): Array<{ url: string; title: string; content: string }> {
  const folder = join(clientDir, 'pagefind', 'fragment')
  return readdirSync(folder)
    .map((name) => {
      const text = gunzipSync(readFileSync(join(folder, name))).toString('utf8')
      const { url, content, meta } = JSON.parse(text.slice('pagefind_dcd'.length)) as { url: string; content: string; meta: { title: string } }
      return { url, title: meta.title, content }
    })
    .sort((a, b) => (a.url < b.url ? -1 : 1))
}

const DRAFT = '---\ntitle: A draft about banners\ndescription: Not yet.\ndate: 2025-09-12\nauthor: nadia-brennan\ndraft: true\n---\nThe draft text.\n'

describe('the build', () => {
  let dist: string
  let output: string
  beforeAll(() => {
    const root = tempDir('search-build-')
    const content = writeTestContent(join(root, 'content'))
    writeFileSync(join(content, 'blog', 'draft-about-banners.md'), DRAFT)
    // Inside the project, where `vike build` writes (a .tmp- folder, ignored by git).
    dist = mkdtempSync('.tmp-search-')
    output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--no-cards'], {
      env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist, BUILD_CACHE_DIR: join(root, 'cache'), BUILD_QUIET: '1' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  }, 300_000)
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  it('indexes every published article and topic, and no draft, fixed page, listing or 404', () => {
    const client = join(dist, 'client')
    const entries = (folder: string) =>
      readdirSync(join(client, folder))
        .filter((name) => name.endsWith('.html'))
        .map((name) => `/${folder}/${name.slice(0, -'.html'.length)}`)
    const pages = indexedPages(client)
    expect(pages.map((page) => page.url)).toEqual([...entries('blog'), ...entries('topics')].sort())
    expect(pages.map((page) => page.url)).not.toContain('/blog/draft-about-banners')
    expect(pages.every((page) => page.title.length > 0 && page.content.length > 200)).toBe(true)
    expect(output).toMatch(/build: search +\d+ pages indexed: \d+ files/)
  })

  it('publishes Pagefind’s script, its entry and its WebAssembly, and none of its ready-made interfaces', () => {
    const files = readdirSync(join(dist, 'client', 'pagefind'))
    expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-entry.json', 'wasm.en.pagefind']))
    expect(files.filter((name) => /ui|highlight/.test(name))).toEqual([])
  })
})

describe('the index of a set of pages', () => {
  const page = (title: string, body: string) =>
    `<!DOCTYPE html><html lang="en"><body><header>Menu</header><main id="main"><article>` +
    `<nav aria-label="Breadcrumb"><ol><li>Home</li></ol></nav><h1>${title}</h1><div class="prose"><p>${body}</p></div>` +
    `<div class="cta-row"><a class="button">Get my free Authority Score</a></div>` +
    `<div class="related-block"><nav class="related"><h2>Related topics</h2><ul><li>Another topic</li></ul></nav></div></article></main><footer>Footer</footer></body></html>`

  it('leaves out a noindex topic and every page that is not an article or a topic, and is the same bytes built twice', async () => {
    const client = tempDir('search-client-')
    const files = {
      'topics/kept.html': page('Kept &amp; found', 'A banner that tells buyers what you do.'),
      'topics/hidden.html': page('Hidden', 'A banner nobody may find.'),
      'blog/post.html': page('A post', 'Headlines that sell.'),
      'index.html': page('Home', 'Home text.'),
      'topics.html': page('Topics', 'Every topic.'),
      '404.html': page('Not found', 'Nothing here.'),
    }
    for (const [file, html] of Object.entries(files)) {
      mkdirSync(dirname(join(client, file)), { recursive: true })
      writeFileSync(join(client, file), html)
    }
    const built = Object.keys(files).map((file) => builtPage(file, { noindex: file === 'topics/hidden.html' }))
    const records = searchRecords(client, built)
    expect(records.map((record) => record.url)).toEqual(['/blog/post', '/topics/kept'])

    const cache = tempDir('search-cache-')
    const first = await writeSearchIndex(client, records, { language: 'en', cacheDir: cache })
    expect(first).toMatchObject({ pages: 2, built: true })
    expect(indexedPages(client).map((indexed) => [indexed.url, indexed.title])).toEqual([
      ['/blog/post', 'A post'],
      ['/topics/kept', 'Kept & found'],
    ])
    // Built again from nothing into another folder: the same files, byte for byte.
    const again = tempDir('search-again-')
    await writeSearchIndex(again, records, { language: 'en', cacheDir: tempDir('search-cache-'), fresh: true })
    const bytes = (root: string) => readdirSync(join(root, 'pagefind'), { recursive: true, encoding: 'utf8' }).sort()
    expect(bytes(again)).toEqual(bytes(client))
    for (const file of bytes(client).filter((name) => name.includes('.')))
      expect(readFileSync(join(again, 'pagefind', file)).equals(readFileSync(join(client, 'pagefind', file))), file).toBe(true)
    // The same records again: the index comes from the cache.
    const cached = await writeSearchIndex(tempDir('search-cached-'), records, { language: 'en', cacheDir: cache })
    expect(cached).toMatchObject({ built: false, files: first.files, bytes: first.bytes })
  }, 60_000)
})

describe('a page’s record', () => {
  it('is its title and the text of its <main>, without breadcrumbs, contents, related links, calls to action or byline', () => {
    const html =
      '<html><body><header>Site menu</header><main id="main"><article><a class="back-link" href="/blog">← Back to the blog</a>' +
      '<header class="page-header"><h1>Fix your <em>banner</em></h1><p class="meta byline">By Nadia</p><div class="meta article-meta">6 min read</div></header>' +
      '<nav class="contents"><h2>Contents</h2><ol><li>Part one</li></ol></nav><div class="prose"><p>Buyers read the banner &amp; the headline first.</p></div>' +
      '<div class="cta-row"><a class="button">Get my free score</a></div><nav class="related"><h2>Keep reading</h2></nav></article></main><footer>Footer</footer></body></html>'
    expect(searchRecordOf(html, '/blog/banner', 'blog/banner.html')).toEqual({
      url: '/blog/banner',
      title: 'Fix your banner',
      text: 'Fix your banner Buyers read the banner & the headline first.',
    })
  })

  it('names the file when the page has no <main> or no <h1>', () => {
    expect(() => searchRecordOf('<html><body><h1>T</h1></body></html>', '/topics/x', 'topics/x.html')).toThrow('topics/x.html: the page has no <main>')
    expect(() => searchRecordOf('<main><p>T</p></main>', '/topics/x', 'topics/x.html')).toThrow('topics/x.html: the page has no <h1>')
  })
})

describe('an excerpt', () => {
  it('is shown as text, its <mark>ed words marked and any other tag left as the text it is', () => {
    expect(excerptParts('Fix the <mark>banner</mark> &amp; <img src=x onerror=alert(1)> headline')).toEqual([
      { text: 'Fix the ', marked: false },
      { text: 'banner', marked: true },
      { text: ' & <img src=x onerror=alert(1)> headline', marked: false },
    ])
  })
})
