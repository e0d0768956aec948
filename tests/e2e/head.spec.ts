import { parse } from 'node-html-parser'
import { BASE_URL } from '../../playwright.config'
import { expect, siteContent, test } from './fixtures'

// The head of every prerendered page, read as a crawler reads it: the raw HTML, no JavaScript.
const content = await siteContent()
const indexable = [
  '/', '/blog', '/topics', '/testimonials', '/privacy-policy', '/terms-of-service',
  ...content.posts.map((post) => `/blog/${post.slug}`),
  ...content.topics.map((topic) => `/topics/${topic.slug}`),
]
const noindex = ['/score/confirmation', '/thank-you', '/r']

function headOf(html: string) {
  const doc = parse(html)
  const attr = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name)
  const jsonLd = doc.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.text) as Record<string, unknown>)
  const types = jsonLd.flatMap((item) => ((item['@graph'] as Array<Record<string, unknown>> | undefined) ?? [item]).map((thing) => thing['@type']))
  return {
    title: doc.querySelector('title')?.text,
    description: attr('meta[name="description"]', 'content'),
    canonical: attr('link[rel="canonical"]', 'href'),
    ogTitle: attr('meta[property="og:title"]', 'content'),
    twitterCard: attr('meta[name="twitter:card"]', 'content'),
    lang: attr('html', 'lang'),
    jsonLdScripts: jsonLd.length,
    types,
  }
}

test('every page has a unique title and description within limits, and a canonical URL that is its own', async ({ request }) => {
  const titles = new Set<string>()
  const descriptions = new Set<string>()
  for (const path of [...indexable, ...noindex]) {
    const head = headOf(await (await request.get(path)).text())
    expect(head.title, path).toBeTruthy()
    expect(head.title!.length, path).toBeLessThanOrEqual(60)
    expect(head.description!.length, path).toBeLessThanOrEqual(160)
    expect(titles.has(head.title!), `${path} repeats the title "${head.title}"`).toBe(false)
    expect(descriptions.has(head.description!), `${path} repeats its description`).toBe(false)
    titles.add(head.title!)
    descriptions.add(head.description!)
    expect(head.canonical, path).toBe(new URL(path, BASE_URL).href)
    expect(head.ogTitle, path).toBe(head.title)
    expect(head.twitterCard, path).toBe('summary')
    expect(head.lang, path).toBe('en')
  }
})

test('each template carries its structured data in exactly one JSON-LD script', async ({ request }) => {
  const expectations: Array<[string, string[]]> = [
    ['/', ['Organization', 'WebSite']],
    ['/topics', ['CollectionPage']],
    [`/topics/${content.topics[0]!.slug}`, ['BreadcrumbList', 'FAQPage']],
    ['/blog', ['Blog']],
    [`/blog/${content.posts[0]!.slug}`, ['BlogPosting', 'BreadcrumbList']],
  ]
  for (const [path, types] of expectations) {
    const head = headOf(await (await request.get(path)).text())
    expect(head.jsonLdScripts, path).toBe(1)
    expect([...head.types].sort(), path).toEqual(types)
  }
})
