import { FEEDS, MARKDOWN_TYPE } from '../alternates'
import type { Site } from '../site'
import { serializeJsonLd, type JsonLd } from './json-ld'
import type { DrawnImage, SocialImage } from './social'
import { absoluteUrl } from './url'

/** What a page tells the document head about itself. Pages pass this; they never write meta tags. */
export interface PageSeo {
  /** The page's own path, used for the canonical URL; `null` for the 404 page, which has none. */
  path: string | null
  title: string
  description: string
  /** Keeps the page out of search indexes and the sitemap. */
  noindex?: boolean
  type?: 'website' | 'article'
  /** YYYY-MM-DD, for articles; `modified` is the sitemap's lastmod. */
  published?: string
  modified?: string
  /** The path of the page's markdown twin (`/blog/x.md`), named by a `<link rel="alternate">`. */
  markdown?: string
  jsonLd?: JsonLd
  /** What a shared link to the page shows (og:image, Twitter's large card); noindex pages have none. */
  image?: SocialImage
  /** The pictures the build draws for the page: its card, the logo its JSON-LD names (lib/node/cards). */
  drawn?: DrawnImage[]
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' }

function escapeHtml(value: string): string {
  return value.replace(/[&"<>]/g, (char) => ATTRIBUTE_ESCAPES[char]!)
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`
}

export function buildHead(seo: PageSeo, site: Site): string {
  const { canonical } = headFacts(seo, site)
  const tags = [
    `<title>${escapeHtml(seo.title)}</title>`,
    meta('name', 'description', seo.description),
    canonical && `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta('name', 'robots', seo.noindex ? 'noindex, nofollow' : 'index, follow'),
    meta('property', 'og:site_name', site.productName),
    meta('property', 'og:type', seo.type ?? 'website'),
    meta('property', 'og:title', seo.title),
    meta('property', 'og:description', seo.description),
    canonical && meta('property', 'og:url', canonical),
    meta('property', 'og:locale', site.lang === 'en' ? 'en_US' : site.lang),
    seo.published && meta('property', 'article:published_time', seo.published),
    seo.modified && meta('property', 'article:modified_time', seo.modified),
    ...(seo.image ? socialImageTags(seo.image, site) : []),
    meta('name', 'twitter:card', seo.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', seo.title),
    meta('name', 'twitter:description', seo.description),
    ...alternateLinks(seo.markdown, site),
    seo.jsonLd && `<script type="application/ld+json">${serializeJsonLd(seo.jsonLd)}</script>`,
  ]
  return tags.filter(Boolean).join('\n    ')
}

function socialImageTags(image: SocialImage, site: Site): string[] {
  return [
    meta('property', 'og:image', absoluteUrl(image.url, site.siteUrl)),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(image.width)),
    meta('property', 'og:image:height', String(image.height)),
    meta('property', 'og:image:alt', image.alt),
  ]
}

/** The blog's three feeds on every page, so a feed reader finds them from any URL, and the page's markdown twin when it has one. */
export function alternateLinks(markdownPath: string | undefined, site: Site): string[] {
  const link = (type: string, href: string, title?: string) =>
    `<link rel="alternate" type="${type}"${title === undefined ? '' : ` title="${escapeHtml(title)}"`} href="${escapeHtml(absoluteUrl(href, site.siteUrl))}">`
  return [
    ...FEEDS.map((feed) => link(feed.type, feed.path, `${site.productName} blog (${feed.name})`)),
    ...(markdownPath === undefined ? [] : [link(MARKDOWN_TYPE, markdownPath)]),
  ]
}

/** What the sitemap needs of a page's head, known as soon as the page's PageSeo is. */
export interface HeadFacts {
  canonical: string | undefined
  noindex: boolean
  /** `modified`, else `published`: the sitemap's lastmod. */
  lastmod: string | undefined
  drawn?: DrawnImage[]
}

export function headFacts(seo: PageSeo, site: Site): HeadFacts {
  return {
    canonical: seo.path === null ? undefined : absoluteUrl(seo.path, site.siteUrl),
    noindex: seo.noindex ?? false,
    lastmod: seo.modified ?? seo.published,
    ...(seo.drawn && seo.drawn.length > 0 ? { drawn: seo.drawn } : {}),
  }
}
