import { Readable } from 'node:stream'
import { SitemapStream, streamToPromise } from 'sitemap'
import type { BuiltPage } from './built-pages'
import { absoluteUrl } from './seo/url'

export interface SitemapEntry {
  url: string
  lastmod?: string
}

/** Every indexable prerendered page once, as an absolute URL, sorted; never the 404 or a noindex page. */
export function sitemapEntries(pages: ReadonlyArray<BuiltPage>, siteUrl: string): SitemapEntry[] {
  const byUrl = new Map<string, SitemapEntry>()
  for (const page of pages) {
    if (page.path === null || page.noindex) continue
    const url = absoluteUrl(page.path, siteUrl)
    byUrl.set(url, page.lastmod ? { url, lastmod: page.lastmod } : { url })
  }
  return [...byUrl.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
}

export async function sitemapXml(entries: ReadonlyArray<SitemapEntry>): Promise<string> {
  const stream = new SitemapStream({ lastmodDateOnly: true })
  return (await streamToPromise(Readable.from(entries).pipe(stream))).toString()
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${absoluteUrl('/sitemap.xml', siteUrl)}\n`
}
