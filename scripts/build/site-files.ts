import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BuiltPage } from '../../lib/node/built-pages.server'
import type { Site } from '../../lib/shared/site'
import { robotsTxt, sitemapEntries, sitemapFiles } from '../../lib/node/sitemap.server'
import { CSP_HASHES_FILE } from '../../server/static-paths'

/** The files made from every page at once: the sitemap (an index past 50,000 URLs), robots.txt and the inline-script hashes for the CSP. */
export async function writeSiteFiles(clientDir: string, pages: readonly BuiltPage[], site: Site) {
  const entries = sitemapEntries(pages, site.siteUrl)
  const files = await sitemapFiles(entries, site.siteUrl)
  for (const file of files) writeFileSync(join(clientDir, file.name), file.xml)
  writeFileSync(join(clientDir, 'robots.txt'), robotsTxt(site.siteUrl))
  const hashes = new Set(pages.flatMap((page) => page.inlineScriptHashes))
  writeFileSync(join(clientDir, CSP_HASHES_FILE), JSON.stringify([...hashes].sort()))
  return { sitemapUrls: entries.length, sitemapFiles: files.map((file) => file.name) }
}
