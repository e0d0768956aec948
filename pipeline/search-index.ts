// The build's search phase: a Pagefind index of the published articles and topics, written under
// SEARCH_PREFIX in the client folder. Each page's record (its title and text, lib/node/search-record.server.ts)
// is read back from its built HTML and handed to Pagefind as a custom record: parsing 10,000 whole pages
// again cost Pagefind more than reading them here. Pagefind has no incremental mode, so the whole index is
// kept in the cache under the digest of every record: a build whose records are unchanged links it from there.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import * as pagefind from 'pagefind'
import type { BuiltPage } from '../lib/node/built-pages.server'
import { searchRecordOf, type SearchRecord } from '../lib/node/search-record.server'
import { SEARCH_PREFIX } from '../lib/universal/routes'
import { isSearchablePath } from '../lib/universal/search'
import { digest, filesUnder, linkOrCopy } from './cache'

/** Pagefind's ready-made interfaces and its highlighter: the site draws its own dialog, so they are not published. */
const UNUSED_FILE = /^pagefind-(ui|modular-ui|component-ui|highlight)\b/

/** The version of Pagefind that writes the index: an index written by another is not reused. */
const PAGEFIND_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('pagefind')), 'utf8')) as { version: string }).version

export interface SearchIndexReport {
  pages: number
  files: number
  bytes: number
  /** False when the index was taken from the cache. */
  built: boolean
}

/** The records of the pages the search indexes: the articles and topics this build wrote and lets search engines index, by URL. */
export function searchRecords(clientDir: string, pages: readonly BuiltPage[]): SearchRecord[] {
  return pages
    .filter((page) => isSearchablePath(page.path) && !page.noindex)
    .sort((a, b) => (a.path! < b.path! ? -1 : 1))
    .map((page) => searchRecordOf(readFileSync(join(clientDir, page.file), 'utf8'), page.path!, page.file))
}

/**
 * Writes the index of `records` (in the site's `language`) into `clientDir`, from `cacheDir` when an index of
 * the same records is there (unless `fresh`), else built by Pagefind and kept there, in place of the index kept before.
 */
export async function writeSearchIndex(
  clientDir: string,
  records: readonly SearchRecord[],
  { language, cacheDir, fresh = false }: { language: string; cacheDir: string; fresh?: boolean },
): Promise<SearchIndexReport> {
  // Pagefind takes a two-letter language code: `en-US` is indexed as `en`.
  const code = language.split('-')[0]!.toLowerCase()
  const key = digest(PAGEFIND_VERSION, code, JSON.stringify(records))
  const kept = join(cacheDir, key)
  mkdirSync(cacheDir, { recursive: true })
  let built = false
  if (fresh || !readdirSync(cacheDir, { withFileTypes: true }).some((entry) => entry.name === key && entry.isDirectory())) {
    rmSync(kept, { recursive: true, force: true })
    const files = await buildIndex(records, code)
    const temporary = `${kept}.${process.pid}.tmp`
    rmSync(temporary, { recursive: true, force: true })
    for (const file of files) {
      mkdirSync(dirname(join(temporary, file.path)), { recursive: true })
      writeFileSync(join(temporary, file.path), file.content)
    }
    renameSync(temporary, kept)
    built = true
  }
  // One index is kept: the one this build published.
  for (const name of readdirSync(cacheDir)) if (name !== key) rmSync(join(cacheDir, name), { recursive: true, force: true })
  const out = join(clientDir, SEARCH_PREFIX.slice(1))
  let bytes = 0
  const files = filesUnder(kept)
  for (const file of files) {
    mkdirSync(dirname(join(out, file)), { recursive: true })
    linkOrCopy(join(kept, file), join(out, file))
    bytes += statSync(join(kept, file)).size
  }
  return { pages: records.length, files: files.length, bytes, built }
}

/** The index's files as Pagefind makes them, without the ones the site does not use. */
async function buildIndex(records: readonly SearchRecord[], language: string): Promise<Array<{ path: string; content: Uint8Array }>> {
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
