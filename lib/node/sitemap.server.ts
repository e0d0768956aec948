import { Readable } from 'node:stream'
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap'
import type { BuiltPage } from './built-pages.server'
import { absoluteUrl } from '../universal/seo/url'
import { aiCrawlersSchema, robotsTxtFor, type AiCrawlers } from '../universal/crawlers'

export type SitemapEntry = { url: string; lastmod?: string }

/** The protocol's limit of URLs in one file. */
export const SITEMAP_URL_LIMIT = 50_000

/** Never the 404 or a noindex page. */
export function sitemapEntries(pages: ReadonlyArray<BuiltPage>, siteUrl: string): SitemapEntry[] {
  const byUrl = new Map<string, SitemapEntry>()
  for (const page of pages) {
    if (page.path === null || page.noindex) continue
    const url = absoluteUrl(page.path, siteUrl)
    byUrl.set(url, page.lastmod ? { url, lastmod: page.lastmod } : { url })
  }
  return [...byUrl.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
}

async function toXml(items: ReadonlyArray<unknown>, stream: SitemapStream | SitemapIndexStream): Promise<string> {
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString()
}

export async function sitemapXml(entries: ReadonlyArray<SitemapEntry>): Promise<string> {
  return toXml(entries, new SitemapStream({ lastmodDateOnly: true }))
}

/** Past `limit`, `sitemap-1.xml`, `sitemap-2.xml`, … and `sitemap.xml` as their index, so robots.txt never changes. */
export async function sitemapFiles(entries: ReadonlyArray<SitemapEntry>, siteUrl: string, limit = SITEMAP_URL_LIMIT) {
  if (entries.length <= limit) return [{ name: 'sitemap.xml', xml: await sitemapXml(entries) }]
  const files: Array<{ name: string; xml: string }> = []
  for (let start = 0; start < entries.length; start += limit) {
    files.push({ name: `sitemap-${files.length + 1}.xml`, xml: await sitemapXml(entries.slice(start, start + limit)) })
  }
  const index = files.map((file) => ({ url: absoluteUrl(`/${file.name}`, siteUrl) }))
  return [...files, { name: 'sitemap.xml', xml: await toXml(index, new SitemapIndexStream()) }]
}

/** The AI crawlers by name, as `aiCrawlers` in site.json says. */
export function robotsTxt(siteUrl: string, crawlers: AiCrawlers = aiCrawlersSchema.parse(undefined)): string {
  return robotsTxtFor(absoluteUrl('/sitemap.xml', siteUrl), crawlers)
}
