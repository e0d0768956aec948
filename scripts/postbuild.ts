// After `vike build`: 1. sitemap.xml and robots.txt from the pages actually prerendered;
// 2. brotli and gzip copies of every text file, which the server sends by Accept-Encoding;
// 3. a short summary.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { readBuiltPages } from '../lib/built-pages'
import { loadSite } from '../lib/site'
import { robotsTxt, sitemapEntries, sitemapXml } from '../lib/sitemap'
import { CLIENT_DIR } from '../server/static-paths'

const started = performance.now()
const site = loadSite()
const pages = readBuiltPages(CLIENT_DIR)

// 1. Sitemap and robots.txt
const entries = sitemapEntries(pages, site.siteUrl)
writeFileSync(join(CLIENT_DIR, 'sitemap.xml'), await sitemapXml(entries))
writeFileSync(join(CLIENT_DIR, 'robots.txt'), robotsTxt(site.siteUrl))

// 2. Precompression
const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|webmanifest)$/
let rawBytes = 0
let compressedFiles = 0
for (const file of (readdirRecursive(CLIENT_DIR)).filter((name) => COMPRESSIBLE.test(name))) {
  const path = join(CLIENT_DIR, file)
  const body = readFileSync(path)
  rawBytes += body.length
  writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }))
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }))
  compressedFiles++
}

// 3. Summary
const kinds = new Map<string, number>()
for (const page of pages) {
  const segments = page.path?.split('/').filter(Boolean) ?? []
  const kind = page.path === null ? '404' : segments.length > 1 ? `/${segments[0]}/*` : page.path
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
}
console.log(`postbuild: ${pages.length} HTML pages (${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')})`)
console.log(`postbuild: sitemap.xml with ${entries.length} URLs on ${site.siteUrl}; robots.txt`)
console.log(`postbuild: ${compressedFiles} text files precompressed (${(rawBytes / 1024).toFixed(0)} KiB raw) in ${((performance.now() - started) / 1000).toFixed(1)} s`)

function readdirRecursive(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((name) => statSync(join(dir, name)).isFile())
}
