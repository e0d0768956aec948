// Lighthouse CI's configuration for `npm run check:lighthouse`: one URL of every template (lighthouse.budgets.json),
// Lighthouse's defaults; docs/performance.md says why each budget is what it is. CommonJS, as LHCI require()s it.
'use strict'
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { require: requireTs } = require('tsx/cjs/api')

/** @type {typeof import('./lib/checks/lighthouse-budgets')} */
const { lighthouseTargets } = requireTs('./lib/checks/lighthouse-budgets.ts', __filename)
const { targets } = lighthouseTargets(process.env.LIGHTHOUSE_ONLY)

/** Runs per URL: the performance score is their median. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3)
/** Below every median unchanged pages scored here (0.94 to 1), above a page with a 300 ms task (0.76). */
const PERFORMANCE_FLOOR = 0.9
const KB = 1024

/** A budget every run must meet: these do not move with the machine, so the worst run is the page's. */
const everyRun = (options) => ['error', { ...options, aggregationMethod: 'pessimistic' }]

/** One answer's response headers, which Lighthouse counts in the bytes: 1,062 bytes with a script, 990 to 1,178 with a page. */
const HEADERS = 1.2 * KB
/** The most scripts a template loads today (/topics): the script budget holds their headers. */
const MAX_SCRIPTS = 8

const everyPage = {
  'categories:performance': ['error', { minScore: PERFORMANCE_FLOOR, aggregationMethod: 'median' }],
  'categories:accessibility': everyRun({ minScore: 1 }),
  // Bytes as transferred: gzipped (serve-lighthouse.ts gzips every answer), headers included.
  'resource-summary:script:size': everyRun({ maxNumericValue: 30 * KB + MAX_SCRIPTS * HEADERS }),
  'resource-summary:stylesheet:size': everyRun({ maxNumericValue: 15 * KB + HEADERS }),
  'resource-summary:document:size': everyRun({ maxNumericValue: 20 * KB + HEADERS }),
  'resource-summary:third-party:count': everyRun({ maxNumericValue: 0 }),
  'render-blocking-resources': everyRun({ maxLength: 0 }),
  // The median: the search button shifted by 0.0008 in one run of ~230 of unchanged pages.
  'cumulative-layout-shift': ['error', { maxNumericValue: 0, aggregationMethod: 'median' }],
  // Every shift, those Lighthouse's CLS leaves out included (lighthouse.config.mjs).
  'layout-shift-events': ['error', { maxNumericValue: 0, aggregationMethod: 'median' }],
  // A template that redirects would be measured on another URL than its own assertions name.
  redirects: everyRun({ maxNumericValue: 0 }),
}

/** The best-practices category's weighed audits but errors-in-console, which Chromium fails on a 404 page (a test compares them with Lighthouse's). */
const BEST_PRACTICES_BUT_CONSOLE = [
  'is-on-https',
  'redirects-http',
  'geolocation-on-start',
  'notification-on-start',
  'paste-preventing-inputs',
  'image-aspect-ratio',
  'image-size-responsive',
  'viewport',
  'font-size',
  'doctype',
  'charset',
  'deprecations',
  'third-party-cookies',
  'inspector-issues',
]

/** One template's budgets: its request count, SEO when the sitemap lists it, best practices. */
function templateAssertions(template) {
  const bestPractices =
    template.status === 404
      ? { ...Object.fromEntries(BEST_PRACTICES_BUT_CONSOLE.map((id) => [id, everyRun({ minScore: 1 })])), 'errors-in-console': everyRun({ maxLength: 1 }) }
      : { 'categories:best-practices': everyRun({ minScore: 1 }) }
  return {
    'resource-summary:total:count': everyRun({ maxNumericValue: template.maxRequests }),
    ...(template.indexed ? { 'categories:seo': everyRun({ minScore: 1 }) } : {}),
    ...bestPractices,
  }
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

module.exports = {
  ci: {
    collect: {
      url: targets.map((target) => target.url),
      numberOfRuns: RUNS,
      startServerCommand: 'tsx scripts/serve-lighthouse.ts',
      startServerReadyPattern: 'serve-lighthouse: listening',
      startServerReadyTimeout: 60_000,
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      settings: {
        configPath: 'lighthouse.config.mjs',
        // LHCI adds --headless=new.
        chromeFlags: '--no-sandbox --disable-gpu --disable-dev-shm-usage',
        // The 404 template is measured too, although its status is (rightly) 404.
        ignoreStatusCode: true,
        // The referral shell's held click and the thank-you page's keepalive never finish; a page settles in ~2.6 s.
        maxWaitForLoad: 5_000,
        // It only illustrates the HTML report, at 1.2 to 2 s a run.
        disableFullPageScreenshot: true,
      },
    },
    assert: {
      assertMatrix: [
        { assertions: everyPage },
        ...targets.map((target) => ({ matchingUrlPattern: `^${escapeRegExp(target.url)}$`, assertions: templateAssertions(target) })),
      ],
    },
    upload: { target: 'filesystem', outputDir: 'reports/lighthouse' },
  },
}
