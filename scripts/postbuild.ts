import { readdirSync, statSync, writeFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { readBuiltPages, type BuiltPage } from '../lib/built-pages'
import type { Site } from '../lib/site'
import { robotsTxt, sitemapEntries, sitemapFiles } from '../lib/sitemap'
import { CSP_HASHES_FILE } from '../server/static-paths'

const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|webmanifest)$/
const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
/** Files compressed at once: zlib's async calls run on libuv's thread pool, so this uses every core. */
const COMPRESS_CONCURRENCY = 8

async function precompress(path: string): Promise<void> {
  const body = await readFile(path)
  const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length }
  const [brotli, gzipped] = await Promise.all([brotliAsync(body, { params }), gzipAsync(body, { level: 9 })])
  await Promise.all([writeFile(`${path}.br`, brotli), writeFile(`${path}.gz`, gzipped)])
}

export interface PostbuildReport {
  pages: BuiltPage[]
  sitemapUrls: number
  sitemapFiles: string[]
  /** Bytes of every file in the client folder, precompressed copies left out. */
  totalBytes: number
  compressedFiles: number
}

/** After `vike build`: 1. sitemap and robots.txt from the pages actually prerendered; 2. brotli and gzip copies of text files. */
export async function postbuild(clientDir: string, site: Site): Promise<PostbuildReport> {
  const pages = readBuiltPages(clientDir)

  // 1. Sitemap (an index past 50,000 URLs), robots.txt and the inline-script hashes for the CSP
  const entries = sitemapEntries(pages, site.siteUrl)
  const files = await sitemapFiles(entries, site.siteUrl)
  for (const file of files) writeFileSync(join(clientDir, file.name), file.xml)
  writeFileSync(join(clientDir, 'robots.txt'), robotsTxt(site.siteUrl))
  const hashes = new Set(pages.flatMap((page) => page.inlineScriptHashes))
  writeFileSync(join(clientDir, CSP_HASHES_FILE), JSON.stringify([...hashes].sort()))

  // 2. Precompression, which the server picks by Accept-Encoding
  let totalBytes = 0
  const toCompress: string[] = []
  for (const file of readdirSync(clientDir, { recursive: true }) as string[]) {
    const path = join(clientDir, file)
    if (/\.(br|gz)$/.test(file)) continue
    const stats = statSync(path)
    if (!stats.isFile()) continue
    totalBytes += stats.size
    if (COMPRESSIBLE.test(file)) toCompress.push(path)
  }
  let next = 0
  const worker = async () => {
    while (next < toCompress.length) await precompress(toCompress[next++]!)
  }
  await Promise.all(Array.from({ length: COMPRESS_CONCURRENCY }, worker))
  return { pages, sitemapUrls: entries.length, sitemapFiles: files.map((file) => file.name), totalBytes, compressedFiles: toCompress.length }
}

/** `/topics/x` → `/topics/*`, `/blog` → `/blog`, the 404 page → `404`: the kinds the summary counts. */
export function pageKind(page: BuiltPage): string {
  if (page.path === null) return '404'
  const segments = page.path.split('/').filter(Boolean)
  return segments.length > 1 ? `/${segments[0]}/*` : page.path
}
