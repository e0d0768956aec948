// What a shared link shows, as the head of each rendered page says it: og:image at an absolute URL
// with its size and alt text, Twitter's large card, and the article's JSON-LD naming the image and
// the publisher's raster logo. Rendered with the pages' real hooks, as the prerender does.
import { parse } from 'node-html-parser'
import type { PageContextServer } from 'vike/types'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setCardsEnabled } from '../../lib/node/cards/cards.server'
import { loadSite } from '../../lib/node/site.server'
import { loadUiText } from '../../lib/node/ui-text.server'
import { buildHead } from '../../lib/universal/seo/head'
import homeConfig from '../../pages/index/+config'
import homeSeo from '../../pages/index/+seo'
import { fixtureContent } from './content-fixture'
import { ARTICLE, BLOG, TESTIMONIALS, THANK_YOU, TOPIC, renderPage, type PageModule } from './page-fixture'

const SITE_URL = 'https://authoritylens.com'
const CARD_URL = new RegExp(`^${SITE_URL}/assets/cards/[0-9a-f]{32}\\.png$`)

afterEach(() => {
  setCardsEnabled(true)
})

// The pages' hooks read the content from CONTENT_DIR: the test content, not the writers'.
beforeAll(() => {
  process.env.CONTENT_DIR = fixtureContent()
})
afterAll(() => {
  delete process.env.CONTENT_DIR
})

/** One page of the test content rendered with its hooks, with the settings site.json gives (no SITE_URL from the environment); its <head>. */
const headOf = async (url: string, page: PageModule, routeParams = {}) =>
  parse((await renderPage(fixtureContent(), url, page, routeParams, { site: loadSite('content', {}), ui: loadUiText('content') })).html).querySelector('head')!

const meta = (head: ReturnType<typeof parse>, key: string) =>
  head.querySelector(`meta[property="${key}"]`)?.getAttribute('content') ?? head.querySelector(`meta[name="${key}"]`)?.getAttribute('content')

const topic = (slug: string) => headOf(`/topics/${slug}`, TOPIC, { slug })
const article = (slug: string) => headOf(`/blog/${slug}`, ARTICLE, { slug })

describe('the head of an indexable page', () => {
  it("names the topic's card: og:image absolute on SITE_URL, 1200 × 630 PNG, alt text, and Twitter's large card", async () => {
    const head = await topic('linkedin-proof-signals')
    expect(meta(head, 'og:image')).toMatch(CARD_URL)
    expect(meta(head, 'og:image:type')).toBe('image/png')
    expect(meta(head, 'og:image:width')).toBe('1200')
    expect(meta(head, 'og:image:height')).toBe('630')
    expect(meta(head, 'og:image:alt')).toBe('AuthorityLens topic: LinkedIn Proof Signals')
    expect(meta(head, 'twitter:card')).toBe('summary_large_image')
  })

  it('gives a fixed page the card of its h1 under its label from layout.json', async () => {
    const head = await headOf('/testimonials', TESTIMONIALS)
    expect(meta(head, 'og:image')).toMatch(CARD_URL)
    expect(meta(head, 'og:image:alt')).toBe('AuthorityLens testimonials: Real results from professionals who fixed their LinkedIn authority')
  })

  it("gives an article's BlogPosting its card as image, and the raster logo as the publisher's logo", async () => {
    const head = await article('why-most-linkedin-profiles-fail')
    const jsonLd = JSON.parse(head.querySelector('script[type="application/ld+json"]')!.text) as { '@graph': Array<Record<string, unknown>> }
    const posting = jsonLd['@graph'].find((item) => item['@type'] === 'BlogPosting')!
    expect(posting.image).toBe(meta(head, 'og:image'))
    expect(posting.publisher).toEqual({
      '@type': 'Organization',
      name: 'AuthorityLens',
      url: `${SITE_URL}/`,
      logo: { '@type': 'ImageObject', url: expect.stringMatching(CARD_URL), width: '512', height: '512' },
    })
  })

  it("gives /blog's Blog each article's pictures as the article's own BlogPosting names them", async () => {
    const graph = async (head: ReturnType<typeof parse>) => {
      const json = JSON.parse(head.querySelector('script[type="application/ld+json"]')!.text) as Record<string, unknown>
      return (json['@graph'] as Array<Record<string, unknown>> | undefined) ?? [json]
    }
    const blogHead = await headOf('/blog', BLOG)
    const listed = (await graph(blogHead)).find((item) => item['@type'] === 'Blog')!.blogPost as Array<{ url: string; image?: unknown }>
    expect(listed).toHaveLength(3)
    for (const { url, image } of listed) {
      const own = (await graph(await article(new URL(url).pathname.split('/').pop()!))).find((item) => item['@type'] === 'BlogPosting')!
      expect(own.image, url).toBeDefined()
      expect(image, url).toEqual(own.image)
    }
  })

  it("gives the home page's Organization the raster logo, and the page a card of its h1 without a label", async () => {
    const context = { urlPathname: '/', pageId: '/pages/index', config: homeConfig, site: loadSite('content', {}), ui: loadUiText('content') }
    const seo = await homeSeo(context as unknown as PageContextServer)
    const organization = (seo.jsonLd as unknown as { '@graph': Array<Record<string, unknown>> })['@graph'].find((item) => item['@type'] === 'Organization')!
    expect(organization.logo).toEqual({ '@type': 'ImageObject', url: expect.stringMatching(CARD_URL), width: '512', height: '512' })
    expect(seo.image?.alt).toBe('AuthorityLens: Get your free LinkedIn Authority Score, from 0 to 100')
    expect(seo.drawn?.map((drawn) => drawn.spec.kind)).toEqual(['logo', 'card'])
  })

  it('names no image, and keeps the small Twitter card, when cards are off (--no-cards)', async () => {
    setCardsEnabled(false)
    const head = await topic('linkedin-proof-signals')
    expect(meta(head, 'og:image')).toBeUndefined()
    expect(meta(head, 'twitter:card')).toBe('summary')
  })
})

describe('the head of a noindex page', () => {
  it('names no social image', async () => {
    const head = await headOf('/thank-you', THANK_YOU)
    expect(meta(head, 'og:image')).toBeUndefined()
    expect(meta(head, 'twitter:card')).toBe('summary')
  })
})

describe('buildHead', () => {
  it('escapes the alt text and makes the image URL absolute', () => {
    const site = { ...loadSite('content', {}), siteUrl: 'https://example.test' }
    const image = { url: '/assets/images/x-card.0123456789.png', width: 1200, height: 630, alt: 'A "quoted" <b>' }
    const head = parse(`<head>${buildHead({ path: '/blog/x', title: 'X', description: 'D', image }, site)}</head>`)
    expect(meta(head, 'og:image')).toBe('https://example.test/assets/images/x-card.0123456789.png')
    expect(head.toString()).toContain('content="A &quot;quoted&quot; &lt;b&gt;"')
  })
})
