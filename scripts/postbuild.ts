import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { readBuiltPages, type BuiltPage } from '../lib/built-pages'
import type { Site } from '../lib/site'
import { robotsTxt, sitemapEntries, sitemapFiles } from '../lib/sitemap'

const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|webmanifest)$/

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

  // 1. Sitemap (an index past 50,000 URLs) and robots.txt
  const entries = sitemapEntries(pages, site.siteUrl)
  const files = await sitemapFiles(entries, site.siteUrl)
  for (const file of files) writeFileSync(join(clientDir, file.name), file.xml)
  writeFileSync(join(clientDir, 'robots.txt'), robotsTxt(site.siteUrl))

  // 2. Precompression, which the server picks by Accept-Encoding
  let totalBytes = 0
  let compressedFiles = 0
  for (const file of (readdirSync(clientDir, { recursive: true }) as string[]).sort()) {
    const path = join(clientDir, file)
    if (/\.(br|gz)$/.test(file) || !statSync(path).isFile()) continue
    const body = readFileSync(path)
    totalBytes += body.length
    if (!COMPRESSIBLE.test(file)) continue
    const brotli = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length }
    writeFileSync(`${path}.br`, brotliCompressSync(body, { params: brotli }))
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }))
    compressedFiles++
  }
  return { pages, sitemapUrls: entries.length, sitemapFiles: files.map((file) => file.name), totalBytes, compressedFiles }
}

/** `/topics/x` → `/topics/*`, `/blog` → `/blog`, the 404 page → `404`: the kinds the summary counts. */
export function pageKind(page: BuiltPage): string {
  if (page.path === null) return '404'
  const segments = page.path.split('/').filter(Boolean)
  return segments.length > 1 ? `/${segments[0]}/*` : page.path
}
