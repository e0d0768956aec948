import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { defaultConfig } from 'lighthouse'
import { describe, expect, it } from 'vitest'
import { lighthouseOrigin, parseBudgets, sampleTemplates, type BuiltSite } from '../../lib/checks/lighthouse-budgets'
import { readSitemapUrls } from '../../lib/checks/checked-page'
import { clientDir } from '../../lib/node/paths.server'

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
    '/testimonials',
    '/privacy-policy',
    '/terms-of-service',
  ],
  showsImage: (path) => path === '/blog/with-cover',
}

describe('the templates Lighthouse CI measures', () => {
  it('name no article or topic by its slug: each is measured on the first page of its kind the built site has', () => {
    expect(budgets.templates.filter((template) => /^\/(blog|topics)\/./.test(template.path ?? ''))).toEqual([])
    const { measured, unsampled } = sampleTemplates(budgets.templates, SITE)
    expect(unsampled).toEqual([])
    expect(measured.map((template) => template.path)).toEqual([
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
    // SEO is asserted on the pages the sitemap lists; the noindex ones it leaves out are exempt.
    expect(measured.filter((template) => !template.indexed).map((template) => template.name)).toEqual([
      'score confirmation',
      'thank you',
      'referral shell',
      '404',
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

  it('refuse a malformed templates file, naming the field', () => {
    const [home] = budgets.templates
    expect(() => parseBudgets({ templates: [{ ...home, maxRequests: 'many' }] })).toThrow(/lighthouse\.budgets\.json: templates\.0\.maxRequests/)
    expect(() => parseBudgets({ templates: [{ name: 'topic', sample: 'topic', path: '/topics/x', maxRequests: 9 }] })).toThrow(
      /lighthouse\.budgets\.json: templates\.0: give a template either a path/,
    )
    expect(() => parseBudgets({ templates: [{ name: 'page', sample: 'page', maxRequests: 9 }] })).toThrow(/lighthouse\.budgets\.json: templates\.0\.sample/)
  })
})

type Assertion = [string, Record<string, number | string>]
type Rc = { ci: { assert: { assertMatrix: Array<{ matchingUrlPattern?: string; assertions: Record<string, Assertion> }> } } }

describe('lighthouserc.cjs', () => {
  // On the site DIST_DIR holds, if any: without a sitemap it measures the fixed routes only.
  const { assertMatrix } = (createRequire(import.meta.url)('../../lighthouserc.cjs') as Rc).ci.assert
  const [everyPage, ...perTemplate] = assertMatrix
  const entryOf = (path: string) => {
    const matching = perTemplate.filter((entry) => new RegExp(entry.matchingUrlPattern!).test(`${lighthouseOrigin()}${path}`))
    expect(matching, path).toHaveLength(1)
    return matching[0]!.assertions
  }

  it('holds every page to the same budgets, and each template to its own request count, matched by its whole URL', () => {
    expect(everyPage!.matchingUrlPattern).toBeUndefined()
    expect(Object.keys(everyPage!.assertions)).toEqual(
      expect.arrayContaining(['categories:performance', 'resource-summary:script:size', 'layout-shift-events']),
    )
    expect(entryOf('/topics')['resource-summary:total:count']).toEqual(['error', { maxNumericValue: 12, aggregationMethod: 'pessimistic' }])
    // SEO on the templates the built sitemap lists: '/' whenever DIST_DIR holds a built site.
    expect(entryOf('/')['categories:seo'] !== undefined).toBe(readSitemapUrls(clientDir()) !== undefined)
    expect(entryOf('/score/confirmation')['categories:seo']).toBeUndefined()
  })

  it("asserts on the 404 template every best-practices audit that weighs in Lighthouse's score, but its console error", () => {
    const weighted = defaultConfig.categories!['best-practices']!.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id)
    const notFound = entryOf('/this-page-does-not-exist')
    expect(notFound['categories:best-practices']).toBeUndefined()
    expect(notFound['errors-in-console']).toEqual(['error', { maxLength: 1, aggregationMethod: 'pessimistic' }])
    expect(Object.keys(notFound).filter((id) => weighted.includes(id) && id !== 'errors-in-console')).toEqual(
      weighted.filter((id) => id !== 'errors-in-console'),
    )
  })
})
