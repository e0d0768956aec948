import { describe, expect, it } from 'vitest'
import { checkedPage, type SiteCheckInput } from '../../lib/checks/checked-page'
import {
  SITE_CHECKS,
  checkCanonicals,
  checkDescriptions,
  checkHeadings,
  checkImages,
  checkJsonLd,
  checkLinks,
  checkPlaceholders,
  checkRobots,
  checkSitemap,
  checkTitles,
  checkValidHtml,
} from '../../lib/checks/site-checks'

const SITE = 'https://example.test'

interface PageSpec {
  title?: string
  description?: string
  canonical?: string | null
  robots?: string
  body?: string
  head?: string
}

function html(path: string | null, spec: PageSpec = {}) {
  const name = path ?? '404'
  const canonical = spec.canonical === undefined ? (path === null ? null : `${SITE}${path}`) : spec.canonical
  return `<!DOCTYPE html><html lang="en"><head>
<title>${spec.title ?? `Title of ${name}`}</title>
<meta name="description" content="${spec.description ?? `Description of ${name}`}">
${canonical ? `<link rel="canonical" href="${canonical}">` : ''}
<meta name="robots" content="${spec.robots ?? (path === null || ['/thank-you', '/score/confirmation', '/r'].includes(path) ? 'noindex, nofollow' : 'index, follow')}">
${spec.head ?? ''}
</head><body>${spec.body ?? `<h1>Heading of ${name}</h1><a href="/">Home</a>`}</body></html>`
}

const FILES: Record<string, string | null> = {
  'index.html': '/',
  'topics.html': '/topics',
  'thank-you.html': '/thank-you',
  'score/confirmation.html': '/score/confirmation',
  'r.html': '/r',
  '404.html': null,
}

/** A small valid site; `overrides` replaces one file's spec. */
function site(overrides: Record<string, PageSpec> = {}, sitemapUrls?: string[]): SiteCheckInput {
  const pages = Object.entries(FILES).map(([file, path]) => checkedPage(file, html(path, overrides[file])))
  return {
    pages,
    siteUrl: SITE,
    files: new Set([...Object.keys(FILES), 'favicon.svg', 'assets/app.js']),
    sitemapUrls: sitemapUrls ?? [`${SITE}/`, `${SITE}/topics`],
  }
}

describe('site checks', () => {
  it('pass on a valid site', () => {
    for (const check of SITE_CHECKS) expect(check.run(site()), check.name).toEqual([])
  })

  it('1. find a missing, duplicate or over-long title', () => {
    expect(checkTitles(site({ 'index.html': { title: '' } }))).toEqual([expect.objectContaining({ file: 'index.html', problem: 'missing title' })])
    expect(checkTitles(site({ 'topics.html': { title: 'Title of /' } }))[0]).toMatchObject({
      file: 'topics.html',
      problem: 'title "Title of /" is also used by index.html',
    })
    expect(checkTitles(site({ 'index.html': { title: 'x'.repeat(61) } }))[0]?.problem).toMatch(/^title is 61 characters/)
    expect(checkTitles(site({ 'index.html': { head: '<title>Second</title>' } }))[0]?.problem).toBe('2 title tags')
  })

  it('2. find a missing, duplicate or over-long meta description', () => {
    expect(checkDescriptions(site({ 'index.html': { description: '' } }))[0]?.problem).toBe('missing meta description')
    expect(checkDescriptions(site({ 'r.html': { description: 'Description of /' } }))[0]?.problem).toMatch(/is also used by index.html/)
    expect(checkDescriptions(site({ 'index.html': { description: 'y'.repeat(161) } }))[0]?.problem).toMatch(/^meta description is 161 characters/)
  })

  it('3. find a page without exactly one h1', () => {
    expect(checkHeadings(site({ 'index.html': { body: '<h2>No h1</h2>' } }))).toEqual([
      expect.objectContaining({ file: 'index.html', problem: '0 <h1> elements' }),
    ])
    expect(checkHeadings(site({ 'index.html': { body: '<h1>a</h1><h1>b</h1>' } }))[0]?.problem).toBe('2 <h1> elements')
  })

  it('4. find a canonical that is missing, relative, on another origin or not the page itself', () => {
    expect(checkCanonicals(site({ 'topics.html': { canonical: null } }))[0]?.problem).toBe('missing canonical link')
    expect(checkCanonicals(site({ 'topics.html': { canonical: '/topics' } }))[0]?.problem).toBe('canonical "/topics" is relative')
    expect(checkCanonicals(site({ 'topics.html': { canonical: 'https://other.test/topics' } }))[0]?.problem).toMatch(/is not on https:\/\/example\.test/)
    expect(checkCanonicals(site({ 'topics.html': { canonical: `${SITE}/` } }))[0]?.problem).toMatch(/is not the page's own URL/)
    expect(checkCanonicals(site({ '404.html': { canonical: `${SITE}/404` } }))[0]?.problem).toBe('the 404 page has a canonical link')
  })

  it('5. find the 404 page without noindex; the other pages follow their +config.ts', () => {
    expect(checkRobots(site({ '404.html': { robots: 'index' } }))).toEqual([expect.objectContaining({ file: '404.html', problem: 'missing robots noindex' })])
    expect(checkRobots(site())).toEqual([])
  })

  it('6. find a sitemap that is not exactly the indexable pages', () => {
    expect(checkSitemap(site({}, [`${SITE}/`]))).toEqual([expect.objectContaining({ problem: `${SITE}/topics is missing` })])
    expect(checkSitemap(site({}, [`${SITE}/`, `${SITE}/topics`, `${SITE}/thank-you`]))[0]?.problem).toBe(`${SITE}/thank-you is not an indexable built page`)
    expect(checkSitemap(site({}, [`${SITE}/`, `${SITE}/topics`, `${SITE}/topics`]))[0]?.problem).toBe(`${SITE}/topics is listed twice`)
    expect(checkSitemap({ ...site(), sitemapUrls: undefined })[0]?.problem).toBe('missing')
  })

  it('7. find an internal link, asset or #anchor that does not resolve, and accept sections, files, shell routes, other sites and e-mail', () => {
    expect(checkLinks(site({ 'index.html': { body: '<h1>x</h1><a href="/topics/nope">x</a>' } }))[0]?.problem).toMatch(
      /leads to \/topics\/nope, which is not built/,
    )
    expect(checkLinks(site({ 'index.html': { body: '<h1>x</h1><a href="/topics#faq">x</a>' } }))[0]?.problem).toMatch(
      /points to #faq, which \/topics does not have/,
    )
    expect(checkLinks(site({ 'index.html': { body: '<h1>x</h1><a href="#missing">x</a>' } }))[0]?.problem).toMatch(/#missing/)
    expect(checkLinks(site({ 'index.html': { head: '<script src="/assets/gone.js"></script>' } }))[0]?.problem).toMatch(/asset "\/assets\/gone.js"/)
    // And accept links to sections, files, shell routes, other sites and e-mail.
    const body =
      '<h1 id="top">x</h1><a href="#top">a</a><a href="/favicon.svg">b</a><a href="/dashboard/x">c</a><a href="/r/CODE">d</a><a href="https://other.test/">e</a><a href="mailto:a@b.c">f</a>'
    expect(checkLinks(site({ 'index.html': { body, head: '<script src="/assets/app.js"></script>' } }))).toEqual([])
  })

  it('8. find an image without alt, width or height', () => {
    const problems = checkImages(
      site({ 'index.html': { body: '<h1>x</h1><img src="/a.png" alt="A" width="10"><img src="/b.png" alt="" width="1" height="1">' } }),
    )
    expect(problems).toEqual([expect.objectContaining({ file: 'index.html', problem: '<img src="/a.png"> has no height' })])
  })

  it('9. find JSON-LD that does not parse or lacks what its type needs', () => {
    const ld = (value: string) => ({ 'topics.html': { head: `<script type="application/ld+json">${value}</script>` } })
    expect(checkJsonLd(site(ld('{"@context": "https://schema.org",')))[0]?.problem).toMatch(/^JSON-LD does not parse/)
    const faq = {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Q', acceptedAnswer: { '@type': 'Answer', text: '' } }],
    }
    expect(checkJsonLd(site(ld(JSON.stringify(faq))))[0]?.problem).toBe('FAQPage JSON-LD lacks mainEntity[0].acceptedAnswer (an Answer with text)')
    const crumbs = {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Home', item: '/' }],
    }
    expect(checkJsonLd(site(ld(JSON.stringify(crumbs))))[0]?.problem).toMatch(/BreadcrumbList JSON-LD lacks itemListElement\[0\]/)
    const post = { '@context': 'https://schema.org', '@graph': [{ '@type': 'BlogPosting', headline: 'H', datePublished: '2025-09-01' }] }
    expect(checkJsonLd(site(ld(JSON.stringify(post))))[0]?.problem).toBe('BlogPosting JSON-LD lacks author')
  })

  it('10. find placeholder text', () => {
    expect(checkPlaceholders(site({ 'index.html': { body: '<h1>Lorem ipsum</h1><p>TODO: write</p>' } }))[0]?.problem).toBe(
      'placeholder text: Lorem ipsum, TODO',
    )
    expect(checkPlaceholders(site({ 'index.html': { title: 'Why {product} works' } }))[0]?.problem).toBe('placeholder text: {product}')
  })

  it('10. leave code alone: a token inside <code> or <pre> is shown as written (content/README.md, Code)', () => {
    const code = '<p>Write <code>{product}</code> for the name.</p><pre><code class="hljs language-ts">// TODO: {product}\nconst {name} = user</code></pre>'
    expect(checkPlaceholders(site({ 'index.html': { body: `<h1>Tokens</h1>${code}` } }))).toEqual([])
    // Only there: the same page with a token outside its code still fails.
    expect(checkPlaceholders(site({ 'index.html': { body: `<h1>Why {product} works</h1>${code}` } }))[0]?.problem).toBe('placeholder text: {product}')
  })
})

describe('valid HTML', () => {
  it('passes markup the standard allows, however an attribute is cased or an anchor begins', () => {
    const body = '<h1 id="1-first-reason">Heading</h1><p><time dateTime="2025-09-12">Sept 12</time></p><input required="" autoComplete="email"/>'
    expect(checkValidHtml(site({ 'index.html': { body } }))).toEqual([])
  })

  it('names the file, line and rule of markup the standard forbids', () => {
    const body = '<h1 id="x">Heading</h1>\n<p id="x">Two ids <div>a block in a paragraph</div></p>\n<ul><p>not a list item</p></ul>'
    const problems = checkValidHtml(site({ 'index.html': { body } })).map((problem) => `${problem.file}: ${problem.problem}`)
    expect(problems).toContainEqual(expect.stringMatching(/^index\.html: invalid HTML at \d+:\d+: .*"x".* \(no-dup-id\)$/))
    expect(problems).toContainEqual(expect.stringMatching(/^index\.html: invalid HTML at 9:\d+: .*<ul>.*\(element-permitted-content\)$/))
    expect(problems.every((problem) => problem.startsWith('index.html'))).toBe(true)
  })
})
