import type { Blog, BlogPosting, BreadcrumbList, CollectionPage, FAQPage, Graph, ImageObject, Organization, Thing, WebSite, WithContext } from 'schema-dts'
import type { Site } from '../site'
import type { RasterImage } from './social'
import { absoluteUrl } from './url'

// Structured data builders; the schema-dts types make a misspelt or misplaced field a compile error.
export type JsonLd = WithContext<Thing> | Graph

const CONTEXT = 'https://schema.org' as const

/** Escapes what could end the surrounding <script> or break JavaScript parsers; the JSON value is unchanged. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** Several builders' output as one `@graph`, so every page has exactly one JSON-LD script. */
export function jsonLdGraph(...items: WithContext<Thing>[]): JsonLd {
  if (items.length === 1) return items[0]!
  return {
    '@context': CONTEXT,
    '@graph': items.map((item) => {
      const { '@context': _context, ...thing } = item as Exclude<WithContext<Thing>, string>
      return thing as Thing
    }),
  }
}

function organizationRef(site: Site, logo?: RasterImage): Exclude<Organization, string> {
  return { '@type': 'Organization', name: site.productName, url: absoluteUrl('/', site.siteUrl), ...(logo && { logo: imageObject(logo, site) }) }
}

/** Who runs the site; `logo`, the raster logo drawn by the build, is what search engines show for it. */
export function organizationJsonLd(site: Site, logo?: RasterImage): WithContext<Organization> {
  const { linkedin, x, instagram } = site.social
  return { '@context': CONTEXT, ...organizationRef(site, logo), email: site.supportEmail, sameAs: [linkedin, x, instagram] }
}

export function webSiteJsonLd(site: Site, description: string): WithContext<WebSite> {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: site.productName,
    url: absoluteUrl('/', site.siteUrl),
    description,
    publisher: organizationRef(site),
  }
}

export type Crumb = { name: string; path: string }

export function breadcrumbJsonLd(crumbs: Crumb[], site: Site): WithContext<BreadcrumbList> {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, site.siteUrl),
    })),
  }
}

export function faqPageJsonLd(faqs: ReadonlyArray<{ q: string; a: string }>, path: string, site: Site): WithContext<FAQPage> {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    url: absoluteUrl(path, site.siteUrl),
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.q,
      acceptedAnswer: { '@type': 'Answer', text: faq.a },
    })),
  }
}

type Listing = { name: string; description: string; path: string }

export function collectionPageJsonLd(
  page: Listing,
  items: ReadonlyArray<{ title: string; path: string; description: string }>,
  site: Site,
): WithContext<CollectionPage> {
  return {
    '@context': CONTEXT,
    '@type': 'CollectionPage',
    name: page.name,
    description: page.description,
    url: absoluteUrl(page.path, site.siteUrl),
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: items.length,
      itemListElement: items.map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: item.title,
        description: item.description,
        url: absoluteUrl(item.path, site.siteUrl),
      })),
    },
  }
}

interface ArticleInfo {
  title: string
  description: string
  path: string
  date: string
  updated?: string | undefined
  /** Site paths of the article's pictures: its social image (the drawn card or the writer's own), its cover's largest JPEG or PNG. */
  images?: readonly string[] | undefined
  author: { name: string; role: string; url: string }
}

function blogPosting(post: ArticleInfo, site: Site): BlogPosting {
  const { name, role, url } = post.author
  // `image`: one URL, or the list when there are more (search engines pick the shape they show).
  const images = (post.images ?? []).map((path) => absoluteUrl(path, site.siteUrl))
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    url: absoluteUrl(post.path, site.siteUrl),
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    author: { '@type': 'Person', name, jobTitle: role, url },
    ...(images.length > 0 && { image: images.length === 1 ? images[0]! : images }),
  }
}

/** A raster logo as an ImageObject: what search engines take for a publisher's `logo` (never SVG). */
function imageObject(image: RasterImage, site: Site): ImageObject {
  return { '@type': 'ImageObject', url: absoluteUrl(image.url, site.siteUrl), width: `${image.width}`, height: `${image.height}` }
}

export function blogJsonLd(page: Listing, posts: ReadonlyArray<ArticleInfo>, site: Site): WithContext<Blog> {
  return {
    '@context': CONTEXT,
    '@type': 'Blog',
    name: page.name,
    description: page.description,
    url: absoluteUrl(page.path, site.siteUrl),
    publisher: organizationRef(site),
    blogPost: posts.map((post) => blogPosting(post, site)),
  }
}

/** An article's BlogPosting; `logo`, the raster logo drawn by the build, becomes its publisher's `logo`. */
export function blogPostingJsonLd(post: ArticleInfo, site: Site, logo?: RasterImage): WithContext<BlogPosting> {
  return {
    '@context': CONTEXT,
    ...blogPosting(post, site),
    mainEntityOfPage: absoluteUrl(post.path, site.siteUrl),
    publisher: organizationRef(site, logo),
  }
}
