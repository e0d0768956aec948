import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import { readContent } from '../../lib/node/content.server'

/**
 * The content the site was built from, for expected headings and texts. A test that needs an article
 * or a topic picks one from it (the first, or the first with what it looks at), never by slug, so
 * writers may add, rename, schedule, draft or delete any of them.
 */
let content: ReturnType<typeof readContent> | undefined
export function siteContent(): ReturnType<typeof readContent> {
  content ??= readContent('content')
  return content
}

/**
 * The tag of the visitors' journeys `npm run test:e2e:cloudflare` runs again on the Worker: where it differs from
 * the Node server (its bindings, D1, the queue, the assets' headers); the rest of each runtime is proven once,
 * its rules in unit tests (tests/unit/cloudflare-*.test.ts run the Worker in workerd).
 */
export const WORKER_JOURNEY = { tag: '@worker' }

/** The widths the templates are looked at: a phone's and a laptop's. */
export const WIDTHS = [390, 1280] as const

/** Every console error and uncaught page error, collected for the test to assert on. */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Each test is a visitor of its own to the rate limits (10 leads per address in 10 minutes): the e2e
  // server trusts one proxy (TRUST_PROXY=1), and these headers play it, naming an address per test: the
  // Node server reads X-Forwarded-For, the Worker CF-Connecting-IP (which Cloudflare sets).
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = [...testInfo.testId].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7)
    const address = `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address, 'cf-connecting-ip': address })
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
    await use(errors)
  },
})

/** Waits until React has hydrated the page (the shell marks <html data-hydrated>). */
export async function waitForHydration(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
}

/** What axe finds against WCAG 2.2 AA and its best practices on the page (or in `include`), one "rule: elements" each. */
export async function axeViolations(page: Page, include = 'html'): Promise<string[]> {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
  const results = await new AxeBuilder({ page }).include(include).withTags(tags).analyze()
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

export { expect }
