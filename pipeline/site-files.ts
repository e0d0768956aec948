import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { BuiltPage } from '../lib/node/built-pages.server'
import type { Site } from '../lib/universal/site'
import type { AiCrawlers } from '../lib/universal/crawlers'
import { robotsTxt, sitemapEntries, sitemapFiles } from '../lib/node/sitemap.server'
import { CSP_HASHES_FILE, HOST_RULE_FILES, REDIRECTS_FILE, type CspHashes, type Redirect } from '../lib/universal/routes'
import { writeHostFiles } from './host-files'
import { writeSyndicationFiles, type Syndicated } from './syndication-files'

/**
 * The files made from every page at once: the sitemap (an index past 50,000 URLs), robots.txt, the
 * feeds, llms.txt and the articles' markdown twins, the inline script and style hashes for the CSP,
 * the old URLs (`redirects`, beside the client folder for the Node server), and, last since they list
 * every other file, the static hosts' rule files with that CSP and those redirects (and the API's proxy
 * to `apiOrigin`, API_ORIGIN, when set).
 */
export async function writeSiteFiles(
  clientDir: string,
  pages: readonly BuiltPage[],
  site: Site,
  content: Syndicated & { crawlers: AiCrawlers },
  redirects: readonly Redirect[] = [],
  apiOrigin?: string,
) {
  const entries = sitemapEntries(pages, site.siteUrl)
  const files = await sitemapFiles(entries, site.siteUrl)
  for (const file of files) writeFileSync(join(clientDir, file.name), file.xml)
  writeFileSync(join(clientDir, 'robots.txt'), robotsTxt(site.siteUrl, content.crawlers))
  const syndicated = await writeSyndicationFiles(clientDir, pages, site, content)
  const distinct = (hashes: readonly string[]) => [...new Set(hashes)].sort()
  const hashes: CspHashes = {
    script: distinct(pages.flatMap((page) => page.inlineHashes.script)),
    style: distinct(pages.flatMap((page) => page.inlineHashes.style)),
  }
  writeFileSync(join(clientDir, CSP_HASHES_FILE), JSON.stringify(hashes))
  writeFileSync(join(dirname(clientDir), REDIRECTS_FILE), JSON.stringify(redirects))
  writeHostFiles(clientDir, hashes, redirects, apiOrigin)
  return { sitemapUrls: entries.length, sitemapFiles: files.map((file) => file.name), hostFiles: HOST_RULE_FILES, ...syndicated }
}
