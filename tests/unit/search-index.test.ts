// The site search's index: what it holds (the published articles and topics, nothing else), what it keeps of a
// page, what it publishes, and that the dialog shows Pagefind's excerpt as text. That the build gives it the
// content it shows (a draft added changes no record, a title changed does): the incremental-build tests.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { excerptParts } from '../../lib/universal/search'
import { prepareSearchIndex, publishSearchIndex, searchRecords } from '../../pipeline/search-index'
import { tempDir } from './content-fixture'

/** The URL and title of every page in the index under `clientDir`, read from its fragments as pagefind.js reads them. */
function indexedPages(clientDir: string): Array<{ url: string; title: string; content: string }> {
  const folder = join(clientDir, 'pagefind', 'fragment')
  return readdirSync(folder)
    .filter((name) => !name.endsWith('.br'))
    .map((name) => {
      const text = gunzipSync(readFileSync(join(folder, name))).toString('utf8')
      const { url, content, meta } = JSON.parse(text.slice('pagefind_dcd'.length)) as { url: string; content: string; meta: { title: string } }
      return { url, title: meta.title, content }
    })
    .sort((a, b) => (a.url < b.url ? -1 : 1))
}

/** The `.br` copies under `folder`, each checked to hold the bytes its file holds (gunzipped), in fewer bytes. */
function brotliCopies(folder: string): string[] {
  const copies = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.br'))
  for (const name of copies) {
    const copy = readFileSync(join(folder, name))
    const original = readFileSync(join(folder, name.slice(0, -'.br'.length)))
    expect(brotliDecompressSync(copy).equals(original[0] === 0x1f ? gunzipSync(original) : original), name).toBe(true)
    expect(copy.byteLength, name).toBeLessThan(original.byteLength)
  }
  return copies
}

describe('the index of a set of records', () => {
  const post = {
    slug: 'post',
    title: 'A post',
    description: 'Headlines that sell.',
    html: '<h2 id="why">Why</h2><p>Buyers read the banner &amp; the headline first.</p>',
  }
  const topic = (slug: string, title: string, extra: { draft?: boolean; date?: string } = {}) => ({
    slug,
    words: { title, h1: `All about ${title}`, summary: `${title}: a banner that tells buyers what you do.`, ...extra },
  })

  it('holds the published articles and topics only, by URL, and is the same bytes built twice', async () => {
    const records = searchRecords(
      [post],
      [topic('kept', 'Kept & found'), topic('draft', 'A draft', { draft: true }), topic('later', 'Later', { date: '2099-01-01' }), { slug: 'broken' }],
      '2026-11-27',
    )
    expect(records).toEqual([
      { url: '/blog/post', title: 'A post', text: 'Headlines that sell. Why Buyers read the banner & the headline first.' },
      { url: '/topics/kept', title: 'Kept & found', text: 'All about Kept & found. Kept & found: a banner that tells buyers what you do.' },
    ])

    const client = tempDir('search-client-')
    const cache = tempDir('search-cache-')
    const first = await prepareSearchIndex(records, { language: 'en', cacheDir: cache, code: 'test' })
    expect(first).toMatchObject({ pages: 2, built: true })
    publishSearchIndex(first, client)
    expect(indexedPages(client).map((indexed) => [indexed.url, indexed.title])).toEqual([
      ['/blog/post', 'A post'],
      ['/topics/kept', 'Kept & found'],
    ])
    // Pagefind's script, its entry and its WebAssembly, none of its ready-made interfaces nor its worker; its larger files with a smaller brotli copy.
    const published = readdirSync(join(client, 'pagefind'))
    expect(published).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-entry.json', 'wasm.en.pagefind']))
    expect(published.filter((name) => /ui|highlight|worker/.test(name))).toEqual([])
    expect(brotliCopies(join(client, 'pagefind'))).toContain('wasm.en.pagefind.br')
    // Built again from nothing into another folder: the same files, byte for byte.
    const again = tempDir('search-again-')
    publishSearchIndex(await prepareSearchIndex(records, { language: 'en', cacheDir: tempDir('search-cache-'), code: 'test', fresh: true }), again)
    const bytes = (root: string) => readdirSync(join(root, 'pagefind'), { recursive: true, encoding: 'utf8' }).sort()
    expect(bytes(again)).toEqual(bytes(client))
    for (const file of bytes(client).filter((name) => name.includes('.')))
      expect(readFileSync(join(again, 'pagefind', file)).equals(readFileSync(join(client, 'pagefind', file))), file).toBe(true)
    // The same records again: the index comes from the cache.
    const cached = await prepareSearchIndex(records, { language: 'en', cacheDir: cache, code: 'test' })
    expect(cached).toMatchObject({ built: false, files: first.files, bytes: first.bytes })
    // One title changed: a new index, whose copies (some kept from the last) still hold its files.
    const edited = await prepareSearchIndex([{ ...records[0]!, title: 'A post, retitled' }, records[1]!], { language: 'en', cacheDir: cache, code: 'test' })
    expect(edited.built).toBe(true)
    expect(brotliCopies(edited.dir)).toContain('wasm.en.pagefind.br')
  }, 60_000)
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
