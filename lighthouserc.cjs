// Lighthouse CI's configuration: the release gate `npm run check:lighthouse` runs (scripts/check-lighthouse.ts:
// `lhci autorun` with this file, then a table of the runs). One URL of every template of the built site
// (DIST_DIR; lighthouse.budgets.json, the URLs picked from the sitemap by lib/checks/lighthouse-budgets.ts),
// served by scripts/serve-lighthouse.ts; mobile, simulated throttling, Lighthouse's defaults. docs/performance.md
// says why each budget is what it is.
'use strict'
// CommonJS, as LHCI reads its configuration with require(); tsx loads the TypeScript it shares with the e2e tests.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { require: requireTs } = require('tsx/cjs/api')

/** @type {typeof import('./lib/checks/lighthouse-budgets')} */
const { lighthouseTargets } = requireTs('./lib/checks/lighthouse-budgets.ts', __filename)
const { targets } = lighthouseTargets(process.env.LIGHTHOUSE_ONLY)

/** Runs per URL: the performance score is the median of these (docs/performance.md, "Lighthouse budgets"). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3)
/**
 * The lowest median performance score that passes: below every median unchanged pages scored here (0.94 to 1),
 * above a page with a 300 ms task (0.76). The goal is still 0.995 and up, a displayed 100 (docs/performance.md).
 */
const PERFORMANCE_FLOOR = 0.9
const KB = 1024

/** A budget every run must meet: these do not move with the machine, so the worst run is the page's. */
const everyRun = (options) => ['error', { ...options, aggregationMethod: 'pessimistic' }]

/**
 * At most the response headers of one answer as the server sends them (the security headers every answer
 * carries): 1,062 bytes with a script, 990 to 1,178 with a page. Lighthouse counts them in the bytes transferred.
 */
const HEADERS = 1.2 * KB
/** The most scripts a template loads today (/topics): the script budget holds their headers. */
const MAX_SCRIPTS = 8

/** Every template's budgets. */
const everyPage = {
  'categories:performance': ['error', { minScore: PERFORMANCE_FLOOR, aggregationMethod: 'median' }],
  'categories:accessibility': everyRun({ minScore: 1 }),
  // Bytes as transferred: gzipped (serve-lighthouse.ts gzips every answer for the gate), headers included.
  // 30, 15 and 20 KB of gzipped script, stylesheet and page, as before Lighthouse CI, and their headers.
  'resource-summary:script:size': everyRun({ maxNumericValue: 30 * KB + MAX_SCRIPTS * HEADERS }),
  'resource-summary:stylesheet:size': everyRun({ maxNumericValue: 15 * KB + HEADERS }),
  'resource-summary:document:size': everyRun({ maxNumericValue: 20 * KB + HEADERS }),
  'resource-summary:third-party:count': everyRun({ maxNumericValue: 0 }),
  'render-blocking-resources': everyRun({ maxLength: 0 }),
  // In most runs, not every one: the header's search button shifted by 0.0008 in one run of ~230 of
  // unchanged pages (docs/performance.md, "Lighthouse budgets"). A shift the page makes on every load fails.
  'cumulative-layout-shift': ['error', { maxNumericValue: 0, aggregationMethod: 'median' }],
  // Every shift, those Lighthouse's CLS leaves out included (lighthouse.config.mjs).
  'layout-shift-events': ['error', { maxNumericValue: 0, aggregationMethod: 'median' }],
  // A template that redirects would be measured on another URL than its own assertions name.
  redirects: everyRun({ maxNumericValue: 0 }),
}

/**
 * The best-practices audits that weigh in the category's score (Lighthouse 12.8.2; the unit test compares
 * them with its default config), but errors-in-console: on the 404 template, where Chromium logs an error
 * for the page's own status.
 */
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

/** One template's own budgets: its request count, SEO when the sitemap lists it (a noindex page is not), best practices (see above). */
function templateAssertions(template) {
  const bestPractices =
    template.status === 404
      ? {
          ...Object.fromEntries(BEST_PRACTICES_BUT_CONSOLE.map((id) => [id, everyRun({ minScore: 1 })])),
          'errors-in-console': everyRun({ maxLength: 1 }),
        }
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
        // A request left open keeps Lighthouse waiting for the network: the referral shell's held click,
        // and the thank-you page's keepalive conversion, which Chromium never reports finished. A page
        // otherwise settles in about 2.6 s here (load, then a second each of pause, network and CPU quiet).
        maxWaitForLoad: 5_000,
        // The full-page screenshot only illustrates the HTML report: 1.2 to 2 s a run.
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
