// The build's search phase: a Pagefind index of the published articles and topics, made from the content
// as the build read it (lib/node/search-record.server.ts). Pagefind has no incremental mode, so the whole
// index is cached under the digest of every record.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import * as pagefind from 'pagefind'
import { publicationOf } from '../lib/node/publication.server'
import { articleSearchRecord, topicSearchRecord, type SearchRecord } from '../lib/node/search-record.server'
import type { BlogPost } from '../lib/universal/content/types'
import { SEARCH_PREFIX } from '../lib/universal/routes'
import { digest, filesUnder, linkOrCopy } from './cache'

/** Pagefind's ready-made interfaces and its highlighter: the site draws its own dialog, so they are not published. */
const UNUSED_FILE = /^pagefind-(ui|modular-ui|component-ui|highlight)\b/

/** The version of Pagefind that writes the index: an index written by another is not reused. */
const PAGEFIND_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('pagefind')), 'utf8')) as { version: string }).version

/** The records of the published articles and topics, by URL. A topic file that is not valid has no words. */
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

/** The index of `records`: the one cached for the same records (unless `fresh`), else built by Pagefind and cached alone. */
export async function prepareSearchIndex(
  records: readonly SearchRecord[],
  { language, cacheDir, fresh = false }: { language: string; cacheDir: string; fresh?: boolean },
) {
  // Pagefind takes a two-letter language code: `en-US` is indexed as `en`.
  const code = language.split('-')[0]!.toLowerCase()
  const key = digest(PAGEFIND_VERSION, code, JSON.stringify(records))
  const kept = join(cacheDir, key)
  mkdirSync(cacheDir, { recursive: true })
  let built = false
  const started = performance.now()
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
  for (const name of readdirSync(cacheDir)) if (name !== key) rmSync(join(cacheDir, name), { recursive: true, force: true })
  const files = filesUnder(kept)
  const bytes = files.reduce((sum, file) => sum + statSync(join(kept, file)).size, 0)
  return { dir: kept, pages: records.length, files, bytes, built, seconds: (performance.now() - started) / 1000 }
}

export function publishSearchIndex(index: { dir: string; files: readonly string[] }, clientDir: string): void {
  const out = join(clientDir, SEARCH_PREFIX.slice(1))
  for (const file of index.files) {
    mkdirSync(dirname(join(out, file)), { recursive: true })
    linkOrCopy(join(index.dir, file), join(out, file))
  }
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
