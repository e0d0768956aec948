import { parse } from 'node-html-parser'
import type { PageContextServer } from 'vike/types'
import { afterEach, describe, expect, it } from 'vitest'
import { loadContent } from '../../lib/node/content.server'
import { contentRoutePaths } from '../../lib/shared/content/routes'
import { loadUiText } from '../../lib/node/ui-text.server'
import { loadSite } from '../../lib/node/site.server'
import TopicPage from '../../pages/topics/@slug/+Page'
import { data } from '../../pages/topics/@slug/+data'
import TopicsIndexPage from '../../pages/topics/index/+Page'
import { data as topicsIndexData } from '../../pages/topics/index/+data'
import topicsIndexSeo from '../../pages/topics/index/+seo'
import prose from '../../pages/topics/@slug/+prose'
import seo from '../../pages/topics/@slug/+seo'
import { renderPageHtml } from '../../renderer/renderPage'
import { contentCopy, topicMarkdown, writeFile } from './content-fixture'

const ATTACK = '</script><script>alert(1)</script>'

interface PageModule {
  Page: unknown
  data: (pageContext: PageContextServer) => Promise<unknown>
  config: Record<string, unknown>
}

/** Renders one page with its real hooks, as the prerender does, from the content in `dir`. */
async function renderRoute(dir: string, url: string, page: PageModule, routeParams: Record<string, string> = {}) {
  process.env.CONTENT_DIR = dir
  const base = { routeParams, urlOriginal: url, site: loadSite(dir), ui: loadUiText(dir), buildYear: 2026 } as unknown as PageContextServer
  const pageContext = { ...base, Page: page.Page, data: await page.data(base), config: page.config } as unknown as PageContextServer
  return renderPageHtml(pageContext)
}

const renderTopic = (dir: string, slug: string) =>
  renderRoute(dir, `/topics/${slug}`, { Page: TopicPage, data, config: { seo, prose } }, { slug })

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
    const graph = JSON.parse(scripts[0]!.text) as { '@graph': Array<{ '@type': string; mainEntity?: Array<{ name: string; acceptedAnswer: { text: string } }> }> }
    const faqPage = graph['@graph'].find((item) => item['@type'] === 'FAQPage')
    expect(faqPage?.mainEntity?.[1]).toMatchObject({ name: `Is ${ATTACK} shown?`, acceptedAnswer: { text: ATTACK } })
    // The visible FAQ shows the same text, as text.
    expect(doc.querySelector('.faq-list')?.text).toContain(ATTACK)
  })

  it('shows the breadcrumb, heading, short answer, body, both FAQ entries and the upgrade button', async () => {
    const html = await renderTopic('content', 'linkedin-proof-signals')
    const doc = parse(html)
    expect(doc.querySelector('nav[aria-label="Breadcrumb"]')?.text.replace(/\s+/g, ' ')).toMatch(/^Home\s*Topics\s*LinkedIn Proof Signals$/)
    expect(doc.querySelectorAll('h1')).toHaveLength(1)
    expect(doc.querySelectorAll('.faq-item')).toHaveLength(2)
    expect(doc.querySelector('.prose')?.text.split(/\s+/).length).toBeGreaterThan(200)
    expect(doc.querySelector('[data-testid="upgrade-cta"]')).not.toBeNull()
    expect(doc.querySelector('title')?.text).toBe(doc.querySelector('meta[property="og:title"]')?.getAttribute('content'))
  })

  it('leaves out the upgrade button when the topic sets showUpgradeCTA: false', async () => {
    const html = await renderTopic('content', 'linkedin-audit-for-job-seekers')
    expect(parse(html).querySelector('[data-testid="upgrade-cta"]')).toBeNull()
    expect(parse(html).querySelector('a[href="/#free-score"]')).not.toBeNull()
  })

  it('gives a new markdown file its own route and a card on /topics, with no code change', async () => {
    const dir = contentCopy()
    writeFile(dir, 'topics/new-thing.md', topicMarkdown({ title: 'title: The new thing', summary: 'summary: Why the new thing matters.' }))
    process.env.CONTENT_DIR = dir
    expect(contentRoutePaths(await loadContent(dir))['/topics/@slug']).toContain('/topics/new-thing')
    expect(parse(await renderTopic(dir, 'new-thing')).querySelector('h1')?.text).toBe('A test topic heading')

    const index = parse(await renderRoute(dir, '/topics', { Page: TopicsIndexPage, data: topicsIndexData, config: { seo: topicsIndexSeo } }))
    const card = index.querySelector('a[href="/topics/new-thing"]')
    expect(card?.text).toBe('The new thing')
    expect(index.querySelectorAll('.card-grid > li')).toHaveLength(30)
    const collection = JSON.parse(index.querySelector('script[type="application/ld+json"]')!.text) as { mainEntity: { numberOfItems: number } }
    expect(collection.mainEntity.numberOfItems).toBe(30)
  })
})
