// The files of the site besides its pages: the images and report sheets, then from every page at once the rest.
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { BuiltPage } from '../lib/node/built-pages.server'
import type { ContentWithoutTopics } from '../lib/node/content.server'
import { blogFeeds, fileSizes } from '../lib/node/feeds.server'
import type { ImageCache } from '../lib/node/image-cache.server'
import { IMAGES_URL } from '../lib/node/images.server'
import { llmsTxtLines } from '../lib/node/llms-txt.server'
import { articleTwin } from '../lib/node/markdown-twin.server'
import { imagesShown } from '../lib/node/publication.server'
import { REPORT_SHEETS_URL } from '../lib/node/report-sheets.server'
import { robotsTxt, sitemapEntries, sitemapFiles } from '../lib/node/sitemap.server'
import { FEEDS, LLMS_TXT_PATH, markdownTwinPath } from '../lib/universal/alternates'
import type { AiCrawlers } from '../lib/universal/crawlers'
import type { BlogPost, SitePages, TopicEntry } from '../lib/universal/content/types'
import { CSP_HASHES_FILE, fileOfPath, HOST_RULE_FILES, REDIRECTS_FILE, type CspHashes, type Redirect } from '../lib/universal/routes'
import { articlePath } from '../lib/universal/content/routes'
import type { Site } from '../lib/universal/site'
import { homeReportSheets } from '../pages/index/report-sheets'
import { linkOrCopy } from './cache'
import { writeHostFiles } from './host-files'

/** Links each encoded image this build shows from the cache into the site; not those only a left-out article shows. */
export function publishImages(images: ImageCache, clientDir: string, shown: Pick<ContentWithoutTopics, 'posts' | 'pages'>): void {
  const files = imagesShown(images.usedFiles(), shown)
  if (files.length === 0) return
  const folder = join(clientDir, IMAGES_URL.slice(1))
  mkdirSync(folder, { recursive: true })
  for (const name of files) linkOrCopy(images.fileOf(name), join(folder, name))
}

// On every build, as a cached home page names them too.
export function writeReportSheets(clientDir: string, home: SitePages['home'], productName: string): string[] {
  mkdirSync(join(clientDir, REPORT_SHEETS_URL), { recursive: true })
  return homeReportSheets(home, productName).map(({ src, svg }) => {
    writeFileSync(join(clientDir, src), svg)
    return src
  })
}

/** The sitemap, robots.txt, syndication files, CSP hashes, old URLs and, last as they list every file, the hosts' rule files. */
export async function writeSiteFiles(
  clientDir: string,
  pages: readonly BuiltPage[],
  site: Site,
  content: Syndicated & { crawlers: AiCrawlers },
  redirects: readonly Redirect[] = [],
  apiOrigin?: string,
  /** Asked for once the others are written: the build knows most files without listing the disk. */
  clientFiles?: () => readonly string[],
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
  writeHostFiles(clientDir, hashes, redirects, apiOrigin, clientFiles?.())
  return { sitemapUrls: entries.length, sitemapFiles: files.map((file) => file.name), hostFiles: HOST_RULE_FILES, ...syndicated }
}

/** `topics`: those whose pages this build wrote, with their twins; `today` dates the feeds when there is no article. */
type Syndicated = { posts: readonly BlogPost[]; topics: readonly TopicEntry[]; pages: SitePages; today: string }

/** The feeds, llms.txt and each built article's markdown twin. */
export async function writeSyndicationFiles(clientDir: string, pages: readonly BuiltPage[], site: Site, content: Syndicated) {
  const built = new Set(pages.map((page) => page.path))
  const posts = content.posts.filter((post) => built.has(articlePath(post.slug)))
  // The covers' files are in the site already (publishImages): their sizes are the enclosures' lengths.
  const coverBytes = fileSizes((path) => join(clientDir, path))
  const feeds = blogFeeds(posts, site, content.pages.blog, content.today, coverBytes)
  for (const feed of FEEDS) writeFileSync(join(clientDir, fileOfPath(feed.path)), feeds[feed.format])
  for (const post of posts) writeFileSync(join(clientDir, fileOfPath(markdownTwinPath(articlePath(post.slug)))), articleTwin(post))
  const lines = llmsTxtLines({ site, pages: content.pages, posts, topics: content.topics })
  await pipeline(Readable.from(lines), createWriteStream(join(clientDir, fileOfPath(LLMS_TXT_PATH))))
  return { articles: posts.length, twins: posts.length + content.topics.length }
}
