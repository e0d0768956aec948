import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineHashes, lowerScriptPriority } from '../../lib/node/built-pages.server'
import { fileOfPath, pathOfHtmlFile } from '../../lib/universal/routes'
import { builtPage } from './content-fixture'
import { SITEMAP_URL_LIMIT, sitemapEntries, sitemapFiles, sitemapXml } from '../../lib/node/sitemap.server'

const SITE = 'https://example.test'

const built = [
  builtPage('topics/b.html'),
  builtPage('index.html', { canonical: 'https://example.test/' }),
  builtPage('blog/post.html', { lastmod: '2025-10-01' }),
  builtPage('blog/first.html', { lastmod: '2025-09-01' }),
  builtPage('thank-you.html', { noindex: true }),
  builtPage('score/confirmation.html', { noindex: true }),
  builtPage('404.html', { noindex: true }),
  builtPage('topics/a.html'),
]

describe('sitemap', () => {
  it('maps built files to the paths they are served at, and back', () => {
    expect(pathOfHtmlFile('index.html')).toBe('/')
    expect(pathOfHtmlFile('topics/a.html')).toBe('/topics/a')
    expect(pathOfHtmlFile('404.html')).toBeNull()
    for (const path of ['/', '/blog', '/topics/a', '/score/confirmation']) expect(pathOfHtmlFile(fileOfPath(path))).toBe(path)
  })

  it('hashes the inline scripts a browser runs, never JSON data blocks or external scripts, and every inline style', () => {
    const html =
      '<style>p{color:red}</style><script type="application/ld+json">{}</script><script id="d" type="application/json">{}</script><script src="/a.js"></script><script>go()</script>'
    const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`
    expect(inlineHashes(html)).toEqual({ script: ['sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='], style: [sha256('p{color:red}')] })
    expect(sha256('go()')).toBe('sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw=')
  })

  it("loads the page's module scripts and their preloads at low priority, leaving data blocks alone", () => {
    const html =
      '<script id="vike_pageContext" type="application/json">{}</script><script src="/assets/entry.js" type="module" async></script><link rel="modulepreload" href="/assets/a.js" as="script" type="text/javascript">'
    expect(lowerScriptPriority(html)).toBe(
      '<script id="vike_pageContext" type="application/json">{}</script><script src="/assets/entry.js" type="module" async fetchpriority="low"></script><link rel="modulepreload" fetchpriority="low" href="/assets/a.js" as="script" type="text/javascript">',
    )
    expect(() => lowerScriptPriority('<script type="module" src="/assets/entry.js"></script>')).toThrow(/not in the form/)
  })

  it('lists every indexable page once, sorted, as absolute URLs, with lastmod from the updated or published date', () => {
    expect(sitemapEntries([...built, built[0]!], SITE)).toEqual([
      { url: 'https://example.test/' },
      { url: 'https://example.test/blog/first', lastmod: '2025-09-01' },
      { url: 'https://example.test/blog/post', lastmod: '2025-10-01' },
      { url: 'https://example.test/topics/a' },
      { url: 'https://example.test/topics/b' },
    ])
  })

  it('writes sitemap XML with loc and date-only lastmod', async () => {
    const xml = await sitemapXml(sitemapEntries(built, SITE))
    expect(xml).toContain('<url><loc>https://example.test/blog/post</loc><lastmod>2025-10-01</lastmod></url>')
    expect(xml.match(/<loc>/g)).toHaveLength(5)
  })
})

describe('sitemap past the protocol limit', () => {
  const many = Array.from({ length: 5 }, (_, index) => ({ url: `${SITE}/topics/t${index}` }))

  it('stays one sitemap.xml up to the limit (by default the protocol’s 50,000 URLs), and past it is numbered sitemaps and a sitemap index', async () => {
    expect((await sitemapFiles(many, SITE, 5)).map((file) => file.name)).toEqual(['sitemap.xml'])
    expect(SITEMAP_URL_LIMIT).toBe(50_000)
    const files = await sitemapFiles(many, SITE, 2)
    expect(files.map((file) => file.name)).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap.xml'])
    expect(files.slice(0, 3).map((file) => file.xml.match(/<loc>/g)?.length)).toEqual([2, 2, 1])
    const index = files.at(-1)!.xml
    expect(index).toContain('<sitemapindex')
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      `${SITE}/sitemap-1.xml`,
      `${SITE}/sitemap-2.xml`,
      `${SITE}/sitemap-3.xml`,
    ])
  })
})
