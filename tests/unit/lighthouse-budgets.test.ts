import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  budgetFailures,
  calibratedCpuSlowdown,
  aggregateRuns,
  parseBudgets,
  sampleTemplates,
  summarizeRun,
  type BuiltSite,
  type LighthouseResult,
  type RunSummary,
} from '../../lib/checks/lighthouse-budgets'

const ORIGIN = 'http://127.0.0.1:4173'
const budgets = parseBudgets(JSON.parse(readFileSync('lighthouse.budgets.json', 'utf8')))
/** A built site as its sitemap lists it (in no particular order), one article showing an image. */
const SITE: BuiltSite = {
  paths: [
    '/',
    '/topics/b-topic',
    '/topics/page/10',
    '/blog/with-cover',
    '/blog',
    '/blog/plain',
    '/topics/a-topic',
    '/topics',
    '/topics/page/2',
    '/blog/another-plain',
  ],
  showsImage: (path) => path === '/blog/with-cover',
}
const measured = sampleTemplates(budgets.templates, SITE).measured
const topic = measured.find((template) => template.name === 'topic')!
const notFound = measured.find((template) => template.name === '404')!

/** A Lighthouse result as the checker reads it: category scores, the requests, CLS, first contentful paint. */
function report({
  scores = {},
  requests = [],
  cls = 0,
  fcpMs = 900,
}: { scores?: Record<string, number>; requests?: unknown[]; cls?: number; fcpMs?: number } = {}): LighthouseResult {
  const categories = { performance: 1, accessibility: 1, 'best-practices': 1, seo: 1, ...scores }
  return {
    categories: Object.fromEntries(Object.entries(categories).map(([id, score]) => [id, { score }])),
    audits: {
      'network-requests': {
        details: {
          items:
            requests.length > 0
              ? requests
              : [
                  { url: `${ORIGIN}/topics/x`, resourceType: 'Document', statusCode: 200 },
                  { url: `${ORIGIN}/assets/app.js`, resourceType: 'Script', statusCode: 200 },
                  { url: `${ORIGIN}/assets/app.css`, resourceType: 'Stylesheet', statusCode: 200 },
                ],
        },
      },
      'cumulative-layout-shift': { numericValue: cls },
      'first-contentful-paint': { numericValue: fcpMs },
    },
  }
}

const sizes: Record<string, number> = { [`${ORIGIN}/topics/x`]: 4_000, [`${ORIGIN}/assets/app.js`]: 24_000, [`${ORIGIN}/assets/app.css`]: 2_500 }
const summarize = (lhr: LighthouseResult, sizeOf = (url: string) => sizes[url] ?? 0) => summarizeRun(lhr, ORIGIN, sizeOf)

describe('the Lighthouse budgets', () => {
  it("are read from lighthouse.budgets.json with the issue's numbers, every fixed route and every kind of content page", () => {
    expect(budgets.minScores).toEqual({ performance: 0.995, accessibility: 1, 'best-practices': 1, seo: 1 })
    expect(budgets.maxGzipKB).toEqual({ script: 30, stylesheet: 15, document: 20 })
    expect(budgets.maxCls).toBe(0)
    expect(budgets.templates.map((template) => template.path ?? template.sample)).toEqual([
      '/',
      '/blog',
      'article',
      'article with an image',
      '/topics',
      'topic index page 2',
      'topic',
      '/testimonials',
      '/privacy-policy',
      '/terms-of-service',
      '/score/confirmation',
      '/thank-you?session_id=test',
      '/r/LIGHTHOUSE',
      '/this-page-does-not-exist',
    ])
  })

  it('name no article or topic by its slug: each is measured on the first page of its kind the built site has', () => {
    expect(budgets.templates.filter((template) => /^\/(blog|topics)\/./.test(template.path ?? ''))).toEqual([])
    const { measured: templates, unsampled } = sampleTemplates(budgets.templates, SITE)
    expect(unsampled).toEqual([])
    expect(templates.map((template) => template.path)).toEqual([
      '/',
      '/blog',
      '/blog/another-plain',
      '/blog/with-cover',
      '/topics',
      '/topics/page/2',
      '/topics/a-topic',
      '/testimonials',
      '/privacy-policy',
      '/terms-of-service',
      '/score/confirmation',
      '/thank-you?session_id=test',
      '/r/LIGHTHOUSE',
      '/this-page-does-not-exist',
    ])
  })

  it('follow the content: a renamed or removed page is never measured, and a kind the site lacks is skipped, saying so', () => {
    const renamed = sampleTemplates(budgets.templates, { ...SITE, paths: SITE.paths.map((path) => path.replace('a-topic', 'z-topic')) }).measured
    expect(renamed.find((template) => template.name === 'topic')!.path).toBe('/topics/b-topic')
    const noImage = sampleTemplates(budgets.templates, { ...SITE, showsImage: () => false })
    expect(noImage.measured.map((template) => template.name)).not.toContain('article with an image')
    expect(noImage.unsampled).toEqual(['article with an image: the built site has no article with an image to measure; skipped'])
    const onePage = sampleTemplates(budgets.templates, { ...SITE, paths: SITE.paths.filter((path) => !path.startsWith('/topics/page/')) })
    expect(onePage.unsampled).toEqual(['topics index page 2: the built site has no topic index page 2 to measure; skipped'])
  })

  it('refuse a malformed budgets file, naming the field', () => {
    expect(() => parseBudgets({ ...budgets, maxGzipKB: { script: 'big' } })).toThrow(/lighthouse\.budgets\.json: maxGzipKB\.script/)
    expect(() => parseBudgets({ ...budgets, templates: [{ name: 'topic', sample: 'topic', path: '/topics/x' }] })).toThrow(
      /lighthouse\.budgets\.json: templates\.0: give a template either a path/,
    )
    expect(() => parseBudgets({ ...budgets, templates: [{ name: 'page', sample: 'page' }] })).toThrow(/lighthouse\.budgets\.json: templates\.0\.sample/)
  })

  it('pass a report within every budget', () => {
    expect(budgetFailures(topic, summarize(report()), budgets)).toEqual([])
  })

  it('fail a report over budget, naming the template and each budget missed', () => {
    const heavy = (url: string) => (url.endsWith('.js') ? 90 * 1024 : url.endsWith('.css') ? 16 * 1024 : 21 * 1024)
    const summary = summarize(report({ scores: { performance: 0.9, accessibility: 0.95 }, cls: 0.02 }), heavy)
    expect(budgetFailures(topic, summary, budgets)).toEqual([
      'topic (/topics/a-topic): performance 0.9 < 0.995',
      'topic (/topics/a-topic): accessibility 0.95 < 1',
      'topic (/topics/a-topic): script 90.0 KB gzipped > 30 KB',
      'topic (/topics/a-topic): stylesheet 16.0 KB gzipped > 15 KB',
      'topic (/topics/a-topic): document 21.0 KB gzipped > 20 KB',
      'topic (/topics/a-topic): CLS 0.02 > 0',
    ])
  })

  it('fail a request to another origin and a missing asset', () => {
    const summary = summarize(
      report({
        requests: [
          { url: `${ORIGIN}/topics/x`, resourceType: 'Document', statusCode: 200 },
          { url: 'https://fonts.example/font.woff2', resourceType: 'Font', statusCode: 200 },
          { url: `${ORIGIN}/assets/gone.js`, resourceType: 'Script', statusCode: 404 },
        ],
      }),
    )
    expect(budgetFailures(topic, summary, budgets)).toEqual([
      'topic (/topics/a-topic): failed requests: http://127.0.0.1:4173/assets/gone.js',
      'topic (/topics/a-topic): requests to other origins: https://fonts.example/font.woff2',
    ])
  })

  it('exempt a noindex template from SEO only, and hold the 404 template to its 404 status', () => {
    const lowSeo = (status: number) =>
      summarize(report({ scores: { seo: 0.5 }, requests: [{ url: `${ORIGIN}/nope`, resourceType: 'Document', statusCode: status }] }))
    expect(budgetFailures(notFound, lowSeo(404), budgets)).toEqual([])
    expect(budgetFailures(notFound, lowSeo(200), budgets)).toEqual(['404 (/this-page-does-not-exist): status 200, expected 404'])
    expect(budgetFailures(topic, lowSeo(200), budgets)).toEqual(['topic (/topics/a-topic): seo 0.5 < 1'])
  })

  it('ask for a displayed 100: a performance score of 0.99 misses the budget', () => {
    expect(budgetFailures(topic, summarize(report({ scores: { performance: 0.99 } })), budgets)).toEqual(['topic (/topics/a-topic): performance 0.99 < 0.995'])
  })

  it('score performance by the best run, which the host disturbed least, and every other figure by the median', () => {
    const runs: RunSummary[] = [
      [0.78, 800, 0.9],
      [1, 3_000, 1],
      [0.96, 900, 1],
    ].map(([performance, fcpMs, accessibility]) => summarize(report({ scores: { performance: performance!, accessibility: accessibility! }, fcpMs: fcpMs! })))
    const summary = aggregateRuns(runs)
    expect(summary.scores.performance).toBe(1)
    expect(summary.scores.accessibility).toBe(1)
    expect(summary.fcpMs).toBe(900)
    expect(budgetFailures(topic, summary, budgets)).toEqual([])
  })

  it('fail a page that misses the performance budget in every run', () => {
    const runs = [0.99, 0.97, 0.98].map((performance) => summarize(report({ scores: { performance } })))
    expect(budgetFailures(topic, aggregateRuns(runs), budgets)).toEqual(['topic (/topics/a-topic): performance 0.99 < 0.995'])
  })
})

describe('the CPU slowdown for the host', () => {
  it("is Lighthouse's 4x on a host as fast as a high-end desktop, or faster", () => {
    expect(calibratedCpuSlowdown(1500)).toBe(4)
    expect(calibratedCpuSlowdown(2490)).toBe(4)
  })

  it('shrinks with a slower host so the simulated phone stays the same, but never below 1x', () => {
    expect(calibratedCpuSlowdown(1125)).toBe(3)
    expect(calibratedCpuSlowdown(750)).toBe(2)
    expect(calibratedCpuSlowdown(200)).toBe(1)
  })

  it('stays at 4x when the host reported no index', () => {
    expect(calibratedCpuSlowdown(0)).toBe(4)
    expect(calibratedCpuSlowdown(Number.NaN)).toBe(4)
  })
})
