import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'node-html-parser'
import { afterEach, describe, expect, it } from 'vitest'
import { loadContent, loadTopic } from '../../lib/node/content-index.server'
import { contentRoutePaths } from '../../lib/universal/content/routes'
import { loadSite } from '../../lib/node/site.server'
import { data as copyData } from '../../pages/+data'
import { articleMarkdown, contentCopy, fixtureContent, topicMarkdown, writeFile } from './content-fixture'
import { ARTICLE_HOOKS, THANK_YOU, TOPIC, TOPIC_HOOKS, TOPICS, pageContextFor, renderPage } from './page-fixture'

const ATTACK = '</script><script>alert(1)</script>'

const renderTopic = async (dir: string, slug: string) => (await renderPage(dir, `/topics/${slug}`, TOPIC, { slug })).html

/** What a hook threw for `throw render(404)`. */
const notFound = { _pageContextAbort: { abortStatusCode: 404 } }

afterEach(() => {
  delete process.env.CONTENT_DIR
})

describe('a topic page rendered from markdown', () => {
  it('keeps exactly one JSON-LD script, with the text intact, when a FAQ answer contains </script>', async () => {
    const dir = contentCopy()
    writeFile(dir, 'topics/attack.md', topicMarkdown({ faqs: `faqs:\n  - q: Safe?\n    a: Yes.\n  - q: "Is ${ATTACK} shown?"\n    a: "${ATTACK}"` }))
    const html = await renderTopic(dir, 'attack')
    const doc = parse(html)

    expect(doc.querySelectorAll('script')).toHaveLength(1)
    const scripts = doc.querySelectorAll('script[type="application/ld+json"]')
    expect(scripts).toHaveLength(1)
    const graph = JSON.parse(scripts[0]!.text) as {
      '@graph': Array<{ '@type': string; mainEntity?: Array<{ name: string; acceptedAnswer: { text: string } }> }>
    }
    const faqPage = graph['@graph'].find((item) => item['@type'] === 'FAQPage')
    expect(faqPage?.mainEntity?.[1]).toMatchObject({ name: `Is ${ATTACK} shown?`, acceptedAnswer: { text: ATTACK } })
    // The visible FAQ shows the same text, as text.
    expect(doc.querySelector('.faq-list')?.text).toContain(ATTACK)
  })

  it('shows the breadcrumb, heading, short answer, body, both FAQ entries and the upgrade button', async () => {
    const html = await renderTopic(fixtureContent(), 'linkedin-proof-signals')
    const doc = parse(html)
    const topic = (await loadTopic('linkedin-proof-signals', fixtureContent()))!
    expect(doc.querySelector('nav[aria-label="Breadcrumb"]')?.text.replace(/\s+/g, ' ')).toMatch(/^Home\s*Topics\s*LinkedIn Proof Signals$/)
    expect(doc.querySelectorAll('nav[aria-label="Breadcrumb"] a').map((link) => link.getAttribute('href'))).toEqual(['/', '/topics'])
    expect(doc.querySelectorAll('h1')).toHaveLength(1)
    expect(doc.text).toContain(topic.shortAnswer)
    expect(doc.querySelectorAll('.faq-item').map((item) => item.text.trim())).toEqual(topic.faqs.map(({ q, a }) => `${q}${a}`))
    expect(doc.querySelector('.prose')?.text.split(/\s+/).length).toBeGreaterThan(200)
    expect(doc.querySelector('[data-testid="upgrade-cta"]')?.getAttribute('href')).toBe(loadSite(fixtureContent()).checkoutUrl)
    expect(doc.querySelector('a[href="/#free-score"]')).not.toBeNull()
    expect(doc.querySelector('title')?.text).toBe(doc.querySelector('meta[property="og:title"]')?.getAttribute('content'))
  })

  it('leaves out the upgrade button when the topic sets showUpgradeCTA: false', async () => {
    const html = await renderTopic(fixtureContent(), 'linkedin-audit-for-job-seekers')
    expect(parse(html).querySelector('[data-testid="upgrade-cta"]')).toBeNull()
    expect(parse(html).querySelector('a[href="/#free-score"]')).not.toBeNull()
  })

  it('gives a new markdown file its own route and a card on /topics, with no code change', async () => {
    const dir = contentCopy()
    const before = readdirSync(join(dir, 'topics')).length
    writeFile(dir, 'topics/new-thing.md', topicMarkdown({ title: 'title: The new thing', summary: 'summary: Why the new thing matters.' }))
    process.env.CONTENT_DIR = dir
    expect(contentRoutePaths(await loadContent(dir))['/topics/@slug']).toContain('/topics/new-thing')
    expect(parse(await renderTopic(dir, 'new-thing')).querySelector('h1')?.text).toBe('A test topic heading')

    const index = parse((await renderPage(dir, '/topics', TOPICS)).html)
    const card = index.querySelector('a[href="/topics/new-thing"]')
    expect(card?.text).toBe('The new thing')
    expect(index.querySelectorAll('.card-grid > li')).toHaveLength(before + 1)
    const collection = JSON.parse(index.querySelector('script[type="application/ld+json"]')!.text) as { mainEntity: { numberOfItems: number } }
    expect(collection.mainEntity.numberOfItems).toBe(before + 1)
  })
})

describe('a slug with no entry', () => {
  it('answers 404 from every hook of a topic page and of an article: none there, a draft topic, a future-dated article outside npm run dev', async () => {
    const dir = contentCopy()
    writeFile(dir, 'topics/draft-topic.md', topicMarkdown({ draft: 'draft: true' }))
    writeFile(dir, 'blog/future-post.md', articleMarkdown({ date: 'date: 2099-01-05' }))
    for (const [hooks, folder, slugs] of [
      [TOPIC_HOOKS, 'topics', ['no-such-topic', 'draft-topic']],
      [ARTICLE_HOOKS, 'blog', ['no-such-article', 'future-post']],
    ] as const)
      for (const slug of slugs)
        for (const hook of hooks) await expect(hook(pageContextFor(dir, `/${folder}/${slug}`, {}, { slug })), slug).rejects.toMatchObject(notFound)
  })
})

describe('a fixed page on the shared hooks', () => {
  it('reads the copy its +config.ts names, is canonical at its own URL and takes noindex from its config', async () => {
    const { html } = await renderPage(fixtureContent(), '/thank-you', THANK_YOU)
    const doc = parse(html)
    const { pages } = await loadContent(fixtureContent())
    expect(doc.querySelector('h1')?.text).toBe(pages['thank-you'].h1)
    expect(doc.querySelector('title')?.text).toBe(pages['thank-you'].title)
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(new URL('/thank-you', loadSite(fixtureContent()).siteUrl).href)
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow')
  })

  it('fails, naming the page, when a page has neither a copy nor hooks of its own', async () => {
    await expect(copyData({ ...pageContextFor(fixtureContent(), '/new', {}), pageId: '/pages/new' })).rejects.toThrow(/\/pages\/new: the page names no copy/)
  })
})
