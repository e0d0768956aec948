// `npm run check:lighthouse [-- --only topic]`: Lighthouse (mobile, simulated throttling) on one URL of
// every template of the built site, served by the real server; several runs against
// lighthouse.budgets.json (see aggregateRuns), exiting 1 on a budget missed. Reports go to reports/lighthouse/.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import {
  aggregateRuns,
  budgetFailures,
  calibratedCpuSlowdown,
  networkRequests,
  parseBudgets,
  sampleTemplates,
  summarizeRun,
  type BuiltSite,
  type LighthouseResult,
  type RunSummary,
} from '../lib/checks/lighthouse-budgets'
import { readSitemapUrls } from '../lib/checks/checked-page'
import { onThreadTime, type TraceEvent } from '../lib/checks/thread-time'
import { clientDir } from '../lib/node/paths.server'
import { loadSite } from '../lib/node/site.server'
import { createApi } from '../server/api'
import { createApp } from '../server/app'
import { Outbox } from '../server/outbox'
import { Store } from '../server/store'

const REPORT_DIR = join('reports', 'lighthouse')
/** Where a run's recorded page (trace and artifacts) waits to be audited. */
const ARTIFACTS_DIR = join(REPORT_DIR, 'gathered')
const budgets = parseBudgets(JSON.parse(readFileSync('lighthouse.budgets.json', 'utf8')))
const { values: options } = parseArgs({ options: { only: { type: 'string' } } })
const chosen = budgets.templates.filter((template) => !options.only || template.name.includes(options.only))
if (chosen.length === 0) {
  console.error(`check:lighthouse: no template name contains "${options.only}"`)
  process.exit(2)
}

// Serve on SITE_URL's port when it is a loopback address, so canonical URLs point at this server.
const siteUrl = new URL(loadSite().siteUrl)
const port = ['127.0.0.1', 'localhost'].includes(siteUrl.hostname) && siteUrl.port ? Number(siteUrl.port) : 4174
const origin = `http://127.0.0.1:${port}`
mkdirSync(REPORT_DIR, { recursive: true })
const store = await Store.open(`file:${join(REPORT_DIR, `lighthouse-${Date.now()}.db`)}`)
const api = new Hono()
let holdApi = false
api.use(async (c, next) => (holdApi ? new Promise<Response>(() => {}) : next()))
api.route('/', createApi({ store, outbox: new Outbox(store, {}) }))
const server = serve({ fetch: createApp({ api }).fetch, port, hostname: '127.0.0.1' })

const site: BuiltSite = {
  paths: (readSitemapUrls(clientDir()) ?? []).map((url) => new URL(url).pathname),
  showsImage: (path) => readFileSync(join(clientDir(), `${path.slice(1)}.html`), 'utf8').includes('/assets/images/'),
}
const { measured: templates, unsampled } = sampleTemplates(chosen, site)
for (const line of unsampled) console.log(`check:lighthouse: ${line}`)
// chrome-launcher adds its own flags to these, which keep the browser off the network and past first-run screens.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']

/** The part of Lighthouse's recorded artifacts the calibration reads and rewrites. */
type GatheredArtifacts = { BenchmarkIndex: number; settings: { throttling: Record<string, number> } }

/** On a page that must answer 404, Chromium's console error for that very response is expected (the status itself is checked). */
const NOT_FOUND_CONFIG = {
  extends: 'lighthouse:default',
  audits: [{ path: 'errors-in-console', options: { ignoredPatterns: ['Failed to load resource: the server responded with a status of 404 (Not Found)'] } }],
}

/**
 * One Lighthouse run in a fresh Chromium (a reused one sometimes loses the trace: NO_NAVSTART): the page
 * is recorded first and audited second, so that the audit multiplies each task's CPU time by the slowdown
 * this run's own host speed calls for (the host's speed moves within minutes).
 */
async function runLighthouse(url: string, expectedStatus: number | undefined, waitForLoadMs: number | undefined) {
  const config = expectedStatus === 404 ? NOT_FOUND_CONFIG : undefined
  // ignoreStatusCode: the 404 template is measured too, although its status is (rightly) 404.
  const flags = {
    output: 'json' as const,
    logLevel: 'error' as const,
    ignoreStatusCode: true,
    ...(waitForLoadMs ? { maxWaitForLoad: waitForLoadMs } : {}),
  }
  // A failure to record the page is the tool's, not the page's: try again, at most twice more.
  for (let attempt = 1; ; attempt++) {
    rmSync(ARTIFACTS_DIR, { recursive: true, force: true })
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS })
    try {
      await lighthouse(url, { ...flags, port: chrome.port, gatherMode: ARTIFACTS_DIR }, config)
    } finally {
      chrome.kill()
    }
    // Simulated throttling is applied when auditing, so the recorded page may be calibrated in between:
    // its tasks to their CPU time, and the slowdown to this run's benchmark index.
    const artifactsFile = join(ARTIFACTS_DIR, 'artifacts.json')
    const traceFile = join(ARTIFACTS_DIR, 'defaultPass.trace.json')
    const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as GatheredArtifacts
    const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] }
    const { events, cpuShare } = onThreadTime(trace.traceEvents)
    writeFileSync(traceFile, JSON.stringify({ ...trace, traceEvents: events }))
    const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: calibratedCpuSlowdown(artifacts.BenchmarkIndex) }
    writeFileSync(artifactsFile, JSON.stringify({ ...artifacts, settings: { ...artifacts.settings, throttling } }))
    const result = await lighthouse(url, { ...flags, throttling, auditMode: ARTIFACTS_DIR }, config)
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
    if (!result.lhr.runtimeError) return { ...result, cpuSlowdown: throttling.cpuSlowdownMultiplier, cpuShare }
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`)
  }
}

/** Gzipped size (level 9) of what the server sends for a URL, fetched uncompressed once. */
const gzipSizes = new Map<string, number>()
async function measureGzip(urls: string[]) {
  for (const url of urls) {
    if (gzipSizes.has(url) || !url.startsWith(`${origin}/`)) continue
    const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
    gzipSizes.set(url, gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length)
  }
}

/** One run of one template: what it measured, and how this run's recording was calibrated. */
type Run = { summary: RunSummary; cpuSlowdown: number; cpuShare: number | undefined }
const runsOf = new Map(templates.map((template) => [template, [] as Run[]]))
try {
  // Round by round, every template once per round: a minute when the host is busy touches one run of
  // many templates, not every run of one.
  for (let round = 1; round <= budgets.runsPerUrl; round++) {
    for (const template of templates) {
      holdApi = template.holdApi ?? false
      // A held request keeps the network busy: stop waiting for it after 15 s.
      const result = await runLighthouse(`${origin}${template.path}`, template.status, holdApi ? 15_000 : undefined)
      writeFileSync(join(REPORT_DIR, `${template.name.replace(/[^a-z0-9]+/gi, '-')}-run${round}.json`), String(result.report))
      const lhr = result.lhr as unknown as LighthouseResult
      const sized = networkRequests(lhr).filter((request) => ['Document', 'Script', 'Stylesheet'].includes(request.resourceType ?? ''))
      await measureGzip(sized.map((request) => request.url))
      const summary = summarizeRun(lhr, origin, (url) => gzipSizes.get(url) ?? 0)
      runsOf.get(template)!.push({ summary, cpuSlowdown: result.cpuSlowdown, cpuShare: result.cpuShare })
    }
    process.stderr.write('.')
  }
} finally {
  server.close()
  await store.close()
}

const rows = templates.map((template) => {
  const runs = runsOf.get(template)!
  const summary = aggregateRuns(runs.map((run) => run.summary))
  return { ...template, runs, summary, failures: budgetFailures(template, summary, budgets) }
})
const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const percent = (share: number) => `${Math.round(share * 100)} %`
/** The lowest and highest of the runs' values (undefined where a run had none), formatted. */
function range(values: Array<number | undefined>, format: (value: number) => string): string {
  const known = values.filter((value) => value !== undefined)
  if (known.length === 0) return 'unknown'
  const [low, high] = [Math.min(...known), Math.max(...known)]
  return low === high ? format(low) : `${format(low)}–${format(high)}`
}
const table = rows.map((row) => ({
  template: row.name,
  path: row.path,
  perf: row.summary.scores.performance,
  'perf runs': range(
    row.runs.map((run) => run.summary.scores.performance),
    String,
  ),
  a11y: row.summary.scores.accessibility,
  'best pr.': row.summary.scores['best-practices'],
  seo: row.summary.scores.seo,
  'JS KB gz': kb(row.summary.gzipBytes.script),
  'CSS KB gz': kb(row.summary.gzipBytes.stylesheet),
  'HTML KB gz': kb(row.summary.gzipBytes.document),
  'FCP s': (row.summary.fcpMs / 1000).toFixed(2),
  CLS: row.summary.cls,
  'other origins': row.summary.thirdPartyRequests.length,
  'CPU slowdown': range(
    row.runs.map((run) => run.cpuSlowdown),
    (slowdown) => `${slowdown}x`,
  ),
  'thread ran': range(
    row.runs.map((run) => run.cpuShare),
    percent,
  ),
}))
console.log(
  `\ncheck:lighthouse: ${budgets.runsPerUrl} runs per URL (performance: the best run; every other figure: the median), mobile, simulated throttling on each task's CPU time, the slowdown calibrated to each run's host speed; reports in ${REPORT_DIR}/`,
)
console.table(table)
const failures = rows.flatMap((row) => row.failures)
if (failures.length > 0) {
  console.error(
    `check:lighthouse: ${failures.length} budget${failures.length === 1 ? '' : 's'} missed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`,
  )
  process.exit(1)
}
console.log('check:lighthouse: every template meets its budgets')
process.exit(0)
