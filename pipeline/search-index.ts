// The Pagefind index of the published articles and topics: no incremental mode, so it is cached by the digest of every record.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { constants, gunzipSync } from 'node:zlib'
import * as pagefind from 'pagefind'
import { compressBody } from '../lib/node/compression.server'
import { publicationOf } from '../lib/node/publication.server'
import { articleSearchRecord, topicSearchRecord, type SearchRecord } from '../lib/node/search-record.server'
import type { BlogPost } from '../lib/universal/content/types'
import { isHashedSearchFile, SEARCH_PREFIX } from '../lib/universal/routes'
import { digest } from './cache'
import { JUST_LINK, type Placer } from './output'

/** Pagefind's interfaces, highlighter and worker script: the site draws its own dialog and searches on the page's thread. */
const UNUSED_FILE = /^pagefind-(ui|modular-ui|component-ui|highlight|worker)\b/

/** Files gzipped smaller than this keep their gzip alone: a brotli copy would save less than its file costs. */
const MIN_BROTLI_SOURCE = 1024
const PAGEFIND_SIGNATURE = 'pagefind_dcd'
/** Pagefind's script, its WebAssembly and its metadata: fetched by every first search. */
const EVERY_SEARCH_LOADS = /^(pagefind\.js|wasm\.\w+\.pagefind|pagefind\.[^/]+\.pf_meta)$/

type IndexFile = { path: string; content: Uint8Array }
/** The index's files and its size without the brotli copies, kept beside them so a reused index lists nothing. */
type Listing = { files: string[]; bytes: number }
const LISTING = '.listing.json'

export function searchRecords(
  posts: ReadonlyArray<Pick<BlogPost, 'slug' | 'title' | 'description' | 'html'>>,
  topics: ReadonlyArray<{ slug: string; words?: { title: string; h1: string; summary: string; draft?: boolean; date?: string } | undefined }>,
  today: string,
): SearchRecord[] {
  return [
    ...posts.map(articleSearchRecord),
    ...topics.flatMap(({ slug, words }) => (words && publicationOf(words, today) === 'published' ? [topicSearchRecord(slug, words)] : [])),
  ].sort((a, b) => (a.url < b.url ? -1 : 1))
}

/** The index cached for the same records and `code` (unless `fresh`), else built by Pagefind and cached alone. */
export async function prepareSearchIndex(
  records: readonly SearchRecord[],
  { language, cacheDir, code: codeDigest, fresh = false }: { language: string; cacheDir: string; code: string; fresh?: boolean },
) {
  // Pagefind takes a two-letter language code: `en-US` is indexed as `en`.
  const lang = language.split('-')[0]!.toLowerCase()
  // Named for the code first: the last index made by the same code lends its brotli copies to the next.
  const madeBy = codeDigest.slice(0, 16)
  const key = `${madeBy}-${digest(codeDigest, lang, JSON.stringify(records))}`
  const kept = join(cacheDir, key)
  mkdirSync(cacheDir, { recursive: true })
  let built = false
  const started = performance.now()
  if (fresh || !readdirSync(cacheDir, { withFileTypes: true }).some((entry) => entry.name === key && entry.isDirectory())) {
    rmSync(kept, { recursive: true, force: true })
    const previous = fresh ? undefined : readdirSync(cacheDir).find((name) => name.startsWith(`${madeBy}-`) && !name.endsWith('.tmp'))
    const files = await withBrotliCopies(await buildIndex(records, lang), previous && join(cacheDir, previous))
    const temporary = `${kept}.${process.pid}.tmp`
    rmSync(temporary, { recursive: true, force: true })
    const paths = files.map((file) => file.path)
    makeFolders(temporary, paths)
    for (const file of files) writeFileSync(join(temporary, file.path), file.content)
    const bytes = files.reduce((sum, file) => sum + (file.path.endsWith('.br') ? 0 : file.content.byteLength), 0)
    writeFileSync(join(temporary, LISTING), JSON.stringify({ files: paths, bytes } satisfies Listing))
    renameSync(temporary, kept)
    built = true
  }
  for (const name of readdirSync(cacheDir)) if (name !== key) rmSync(join(cacheDir, name), { recursive: true, force: true })
  const { files, bytes } = JSON.parse(readFileSync(join(kept, LISTING), 'utf8')) as Listing
  return { dir: kept, madeBy, pages: records.length, files, bytes, built, seconds: (performance.now() - started) / 1000 }
}

export function publishSearchIndex(index: { dir: string; madeBy: string; files: readonly string[] }, clientDir: string, output: Placer = JUST_LINK): void {
  const out = join(clientDir, SEARCH_PREFIX.slice(1))
  makeFolders(out, index.files)
  // A hashed file has the same bytes in any index the same code made: a new index leaves most carried files as they are.
  for (const file of index.files)
    output.place(join(index.dir, file), join(out, file), isHashedSearchFile(`${SEARCH_PREFIX}${file}`) ? `search/${index.madeBy}/${file}` : undefined)
}

function makeFolders(root: string, files: readonly string[]): void {
  for (const folder of new Set(files.map((file) => dirname(join(root, file))))) mkdirSync(folder, { recursive: true })
}

/**
 * Pagefind gzips its files and reads bytes starting with its signature as decompressed already, so each larger
 * file gets a `.br` copy of its plain bytes for the server to send: brotli packs them tighter. A file `previous`
 * (the last index of the same code) holds alike keeps its copy.
 */
async function withBrotliCopies(files: readonly IndexFile[], previous: string | undefined): Promise<IndexFile[]> {
  const copies = await Promise.all(
    files
      .filter((file) => file.content.byteLength >= MIN_BROTLI_SOURCE)
      .map(async ({ path, content }): Promise<IndexFile[]> => {
        const kept = previous && keptCopy(join(previous, path), content)
        if (kept) return [{ path: `${path}.br`, content: kept }]
        const gzipped = content[0] === 0x1f && content[1] === 0x8b
        const plain = gzipped ? gunzipSync(content) : content
        if (gzipped && Buffer.from(plain.subarray(0, PAGEFIND_SIGNATURE.length)).toString('latin1') !== PAGEFIND_SIGNATURE)
          throw new Error(`search index: ${path} does not start with Pagefind's signature once decompressed`)
        // The files every search loads get brotli's best; the chunks and fragments one step less, at a third of the time.
        const quality = EVERY_SEARCH_LOADS.test(path) ? constants.BROTLI_MAX_QUALITY : constants.BROTLI_MAX_QUALITY - 1
        const copy = await compressBody(plain, 'br', quality)
        return copy.byteLength < content.byteLength ? [{ path: `${path}.br`, content: copy }] : []
      }),
  )
  return [...files, ...copies.flat()].sort((a, b) => (a.path < b.path ? -1 : 1))
}

function keptCopy(path: string, content: Uint8Array): Buffer | undefined {
  try {
    return readFileSync(path).equals(content) ? readFileSync(`${path}.br`) : undefined
  } catch {
    return undefined
  }
}

async function buildIndex(records: readonly SearchRecord[], language: string): Promise<IndexFile[]> {
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: language })
    if (!index) throw new Error(`search index: Pagefind could not start: ${errors.join('; ')}`)
    // All at once, in order: Pagefind answers them as it goes, and writes the same index for the same records.
    const added = await Promise.all(
      records.map((record) => index.addCustomRecord({ url: record.url, content: record.text, language, meta: { title: record.title } })),
    )
    const failed = added.flatMap((answer, at) => answer.errors.map((error) => `${records[at]!.url}: ${error}`))
    if (failed.length > 0) throw new Error(`search index: ${failed.join('; ')}`)
    const written = await index.getFiles()
    if (written.errors.length > 0) throw new Error(`search index: ${written.errors.join('; ')}`)
    return written.files.filter((file) => !UNUSED_FILE.test(file.path)).sort((a, b) => (a.path < b.path ? -1 : 1))
  } finally {
    await pagefind.close()
  }
}
