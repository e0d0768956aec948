import { parse } from 'node-html-parser'
import { describe, expect, it } from 'vitest'
import { slugFromFile } from '../../lib/node/content-links.server'
import { loadUiText } from '../../lib/node/ui-text.server'
import type { BlogPost } from '../../lib/universal/content/types'
import { articleSeo } from '../../lib/universal/seo/article'
import { buildHead } from '../../lib/universal/seo/head'
import {
  blogJsonLd,
  blogPostingJsonLd,
  breadcrumbJsonLd,
  collectionPageJsonLd,
  faqPageJsonLd,
  jsonLdGraph,
  organizationJsonLd,
  serializeJsonLd,
  webSiteJsonLd,
} from '../../lib/universal/seo/json-ld'
import { absoluteUrl } from '../../lib/universal/seo/url'
import { productSlug, type Site } from '../../lib/universal/site'
import { loadSite } from '../../lib/node/site.server'

const site: Site = { ...loadSite('content', {}), siteUrl: 'https://example.test' }
const author = { id: 'ada', name: 'Ada Byline', role: 'Editor', url: 'https://example.com/ada' }

describe('slugs', () => {
  it('follows a renamed product, turning spaces and punctuation into single hyphens', () => {
    expect(productSlug('Acme Lens!')).toBe('acme-lens')
    expect(slugFromFile('content/topics/{product}-vs-ssi.md', 'Acme Lens')).toBe('acme-lens-vs-ssi')
  })

  it('takes the product name and site URL from env when set, and rejects a SITE_URL not an absolute http(s) URL, naming the field', () => {
    const renamed = loadSite('content', { PRODUCT_NAME: 'Acme Lens', SITE_URL: 'http://127.0.0.1:4173/' })
    expect(renamed.productName).toBe('Acme Lens')
    expect(renamed.siteUrl).toBe('http://127.0.0.1:4173')
    expect(renamed.legalNote).toContain('Acme Lens is an independent service')
    expect(() => loadSite('content', { SITE_URL: 'ftp://example.test' })).toThrow(/site\.json: siteUrl:/)
  })
})

describe('absoluteUrl', () => {
  it('puts a path on the canonical origin, and refuses a relative one', () => {
    expect(absoluteUrl('/', 'https://example.test')).toBe('https://example.test/')
    expect(absoluteUrl('/topics/x', 'https://example.test')).toBe('https://example.test/topics/x')
    expect(() => absoluteUrl('topics/x', 'https://example.test')).toThrow(/starting with "\/"/)
  })
})

describe('buildHead', () => {
  const head = (html: string) => parse(`<head>${html}</head>`)

  it('writes the title, description, absolute canonical, Open Graph and Twitter tags from one object', () => {
    const doc = head(buildHead({ path: '/topics/x', title: 'X & Y | Brand', description: 'About "x".' }, site))
    expect(doc.querySelector('title')?.text).toBe('X & Y | Brand')
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('About "x".')
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://example.test/topics/x')
    expect(doc.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe('https://example.test/topics/x')
    expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('X & Y | Brand')
    expect(doc.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary')
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('index, follow')
    // The feeds on every page; a markdown twin only where the page names one (an article's or a topic's).
    expect(doc.querySelectorAll('link[rel="alternate"]').map((link) => link.getAttribute('type'))).toEqual([
      'application/rss+xml',
      'application/atom+xml',
      'application/feed+json',
    ])
  })

  it('marks a page noindex when asked, and gives the 404 page no canonical URL', () => {
    const doc = head(buildHead({ path: '/thank-you', title: 'T', description: 'D', noindex: true }, site))
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow')
    const notFound = head(buildHead({ path: null, title: 'Not found', description: 'D', noindex: true }, site))
    expect(notFound.querySelector('link[rel="canonical"]')).toBeNull()
    expect(notFound.querySelector('meta[property="og:url"]')).toBeNull()
  })

  it('adds article dates and the JSON-LD script for articles', () => {
    const jsonLd = blogPostingJsonLd({ title: 'A', description: 'B', path: '/blog/a', date: '2025-09-12', author }, site)
    const doc = head(
      buildHead({ path: '/blog/a', title: 'A', description: 'B', type: 'article', published: '2025-09-12', modified: '2025-10-01', jsonLd }, site),
    )
    expect(doc.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article')
    expect(doc.querySelector('meta[property="article:modified_time"]')?.getAttribute('content')).toBe('2025-10-01')
    expect(JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.text)).toEqual(jsonLd)
  })
})

describe('serializeJsonLd', () => {
  it('escapes <, >, &, U+2028 and U+2029 so the JSON cannot end its <script>, and parses back to the same value', () => {
    const value = { '@context': 'https://schema.org', '@type': 'Thing', name: '</script><script>alert(1)</script> & \u2028\u2029' } as const
    const serialized = serializeJsonLd(value)
    expect(serialized).not.toMatch(/[<>&\u2028\u2029]/)
    expect(serialized).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(serialized)).toEqual(value)
  })
})

describe('JSON-LD builders', () => {
  it('describes the organization and the website on the home page', () => {
    const graph = jsonLdGraph(organizationJsonLd(site), webSiteJsonLd(site, 'Free LinkedIn Authority Score'))
    expect(graph).toMatchObject({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Organization', name: 'AuthorityLens', url: 'https://example.test/', sameAs: expect.arrayContaining([site.social.x]) },
        { '@type': 'WebSite', url: 'https://example.test/', description: 'Free LinkedIn Authority Score' },
      ],
    })
    expect(JSON.stringify(graph)).not.toContain('"@context":"https://schema.org","@type"')
  })

  it('numbers breadcrumb items from 1 with absolute URLs', () => {
    const crumbs = breadcrumbJsonLd(
      [
        { name: 'Home', path: '/' },
        { name: 'Topics', path: '/topics' },
        { name: 'X', path: '/topics/x' },
      ],
      site,
    )
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://example.test/' },
      { '@type': 'ListItem', position: 2, name: 'Topics', item: 'https://example.test/topics' },
      { '@type': 'ListItem', position: 3, name: 'X', item: 'https://example.test/topics/x' },
    ])
  })

  it('turns FAQ entries into Questions with accepted Answers', () => {
    const faq = faqPageJsonLd([{ q: 'Why?', a: 'Because.' }], '/topics/x', site)
    expect(faq).toMatchObject({
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Why?', acceptedAnswer: { '@type': 'Answer', text: 'Because.' } }],
    })
  })

  it('lists every topic in the collection page ItemList, in order', () => {
    const items = [
      { title: 'A', description: 'a', path: '/topics/a' },
      { title: 'B', description: 'b', path: '/topics/b' },
    ]
    const collection = collectionPageJsonLd({ name: 'Topics', description: 'All', path: '/topics' }, items, site)
    expect(collection).toMatchObject({
      '@type': 'CollectionPage',
      url: 'https://example.test/topics',
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          { position: 1, url: 'https://example.test/topics/a' },
          { position: 2, name: 'B' },
        ],
      },
    })
  })

  it('describes the blog and each article with headline, dates and its author as a Person', () => {
    const post = { title: 'Post', description: 'About', path: '/blog/post', date: '2025-09-12', updated: '2025-10-01', author }
    const person = { '@type': 'Person', name: 'Ada Byline', jobTitle: 'Editor', url: 'https://example.com/ada' }
    expect(blogJsonLd({ name: 'Blog', description: 'd', path: '/blog' }, [post], site)).toMatchObject({
      '@type': 'Blog',
      blogPost: [{ '@type': 'BlogPosting', headline: 'Post', datePublished: '2025-09-12', dateModified: '2025-10-01', author: person }],
    })
    expect(blogPostingJsonLd(post, site)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Post',
      author: person,
      publisher: { '@type': 'Organization', name: 'AuthorityLens' },
      mainEntityOfPage: 'https://example.test/blog/post',
    })
  })
})

describe('articleSeo', () => {
  const post: BlogPost = {
    slug: 'a',
    file: 'content/blog/a.md',
    html: '<p>A</p>',
    markdown: 'A',
    title: 'A',
    description: 'About A',
    date: '2025-09-12',
    author,
    readingMinutes: 1,
    sections: [],
    related: [],
  }

  it('is canonical at /blog/<slug>, dated, an article, with BlogPosting and a breadcrumb', () => {
    const seo = articleSeo(post, site, loadUiText('content'))
    expect(seo).toMatchObject({ path: '/blog/a', title: 'A', description: 'About A', type: 'article', published: '2025-09-12', modified: '2025-09-12' })
    expect(seo.jsonLd).toMatchObject({
      '@graph': [
        {
          '@type': 'BlogPosting',
          url: 'https://example.test/blog/a',
          author: { '@type': 'Person', name: 'Ada Byline', jobTitle: 'Editor', url: 'https://example.com/ada' },
        },
        { '@type': 'BreadcrumbList' },
      ],
    })
  })
  it('lists the social image, then the cover, as the image of an article that has a cover', () => {
    const coverImage = { html: '<picture></picture>', url: '/assets/images/cover-1600.0123456789.jpg', width: 1600, height: 900 }
    const image = { url: '/assets/cards/0123456789abcdef0123456789abcdef.png', width: 1200, height: 630, alt: 'AuthorityLens article: A' }
    const seo = articleSeo({ ...post, coverImage }, site, loadUiText('content'), { image })
    expect(seo.image).toEqual(image)
    expect((seo.jsonLd as unknown as { '@graph': Array<Record<string, unknown>> })['@graph'][0]!.image).toEqual([
      'https://example.test/assets/cards/0123456789abcdef0123456789abcdef.png',
      'https://example.test/assets/images/cover-1600.0123456789.jpg',
    ])
  })
})
