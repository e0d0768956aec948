import { parse } from 'node-html-parser'
import { expect, siteContent, test } from './fixtures'

// The structured data of each template, read as a crawler reads it: the raw HTML, no JavaScript.
// Titles, descriptions, canonicals, robots and the sitemap of every page are `npm run check:site`'s.
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

test("an article's BlogPosting names its author as a Person: name, role and profile from authors.json", async ({ request }) => {
  for (const post of content.posts) {
    const jsonLd = JSON.parse(parse(await (await request.get(`/blog/${post.slug}`)).text()).querySelector('script[type="application/ld+json"]')!.text) as {
      '@graph': Array<Record<string, unknown>>
    }
    const posting = jsonLd['@graph'].find((thing) => thing['@type'] === 'BlogPosting')
    expect(posting?.author, post.slug).toEqual({ '@type': 'Person', name: post.author.name, jobTitle: post.author.role, url: post.author.url })
  }
})

test("/blog's Blog names each article's pictures as the article's own BlogPosting does: its card, then its cover", async ({ request }) => {
  const graphOf = async (path: string) => {
    const json = JSON.parse(parse(await (await request.get(path)).text()).querySelector('script[type="application/ld+json"]')!.text) as Record<string, unknown>
    return (json['@graph'] as Array<Record<string, unknown>> | undefined) ?? [json]
  }
  const blog = (await graphOf('/blog')).find((thing) => thing['@type'] === 'Blog') as { blogPost: Array<{ url: string; image?: unknown }> }
  expect(blog.blogPost).toHaveLength(content.posts.length)
  for (const post of content.posts) {
    const own = (await graphOf(`/blog/${post.slug}`)).find((thing) => thing['@type'] === 'BlogPosting')!
    const listed = blog.blogPost.find((item) => item.url === own.url)
    expect(own.image, post.slug).toBeDefined()
    expect(listed?.image, post.slug).toEqual(own.image)
  }
})
