import { parse } from 'node-html-parser'
import { expect, siteContent, test } from './fixtures'

// The structured data of each template, read as a crawler reads it: the raw HTML, no JavaScript.
// Titles, descriptions, canonicals, robots and the sitemap of every page are `npm run check:site`'s; what each
// builder writes (the author as a Person, each article's pictures), seo.test.ts's and social-head.test.tsx's.
const content = await siteContent()

function headOf(html: string) {
  const doc = parse(html)
  const jsonLd = doc.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.text) as Record<string, unknown>)
  const types = jsonLd.flatMap((item) => ((item['@graph'] as Array<Record<string, unknown>> | undefined) ?? [item]).map((thing) => thing['@type']))
  return { jsonLdScripts: jsonLd.length, types }
}

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
