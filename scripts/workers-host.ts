// The whole site on Cloudflare Workers as a host model: a path `assets.run_worker_first` names is answered
// by worker/index.ts's rules, from the functions and lists it uses (its module is not imported: it brings
// the API, D1 and the queue); every other path by the static assets.
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import {
  API_PREFIX,
  CACHE_CONTROL,
  CANONICAL_REDIRECT_STATUS,
  FORM_PAGE_PATHS,
  HOST_RULE_FILES,
  NOT_FOUND_PATHS,
  canonicalPath,
  responseHeaders,
} from '../lib/universal/routes'
import { FORM_TIMING_COOKIE, carriesScoreForm } from '../server/form-timing'
import { pathPattern, split, type Host, type HostAnswer } from './host-models'

export const WRANGLER_CONFIG = 'wrangler.jsonc'

/** wrangler.jsonc's `assets.run_worker_first`: every path, none, or those its patterns match. */
export type RunWorkerFirst = boolean | readonly string[]

/** The assets settings the model knows; it refuses others rather than guess how they answer. */
const MODELLED_ASSETS: Readonly<Record<string, string>> = { html_handling: 'drop-trailing-slash', not_found_handling: '404-page' }

/** `assets.run_worker_first` of a wrangler.jsonc, read by TypeScript's reader of JSON with comments. */
export function readRunWorkerFirst(file: string = WRANGLER_CONFIG): RunWorkerFirst {
  const { config, error } = ts.parseConfigFileTextToJson(file, readFileSync(file, 'utf8'))
  if (error) throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`)
  const assets = (config as { assets?: Record<string, unknown> } | undefined)?.assets ?? {}
  for (const [name, value] of Object.entries(MODELLED_ASSETS))
    if (assets[name] !== value)
      throw new Error(`${file}: the Workers model knows assets.${name} ${JSON.stringify(value)} only, not ${JSON.stringify(assets[name])}`)
  const setting = assets.run_worker_first ?? false
  if (typeof setting === 'boolean') return setting
  if (Array.isArray(setting) && setting.every((pattern) => typeof pattern === 'string' && /^!?\//.test(pattern))) return setting as string[]
  throw new Error(`${file}: assets.run_worker_first must be true, false or a list of paths starting with / or !/, not ${JSON.stringify(setting)}`)
}

/** Whether the Worker runs before the assets for a path ("Routing"): a pattern starting with `!` excludes what it matches. */
export function workerRunsFirst(setting: RunWorkerFirst): (pathname: string) => boolean {
  if (typeof setting === 'boolean') return () => setting
  const included = setting.filter((pattern) => !pattern.startsWith('!')).map((pattern) => pathPattern(pattern))
  const excluded = setting.filter((pattern) => pattern.startsWith('!')).map((pattern) => pathPattern(pattern.slice(1)))
  return (pathname) => included.some((pattern) => pattern.test(pathname)) && !excluded.some((pattern) => pattern.test(pathname))
}

/** A Hono route path as the Worker registers it (`/dashboard/*`), matched as Hono does. */
const honoMatches = (route: string, pathname: string) =>
  route.endsWith('/*') ? pathname === route.slice(0, -2) || pathname.startsWith(route.slice(0, -1)) : pathname === route

/** One path for each of the Worker's rules that the assets alone would answer unlike the Node server (they never serve the rule files). */
const WORKER_PATHS: ReadonlyArray<{ path: string; rule: string }> = [
  { path: API_PREFIX, rule: 'the lead API' },
  { path: `${API_PREFIX}/score`, rule: 'the lead API' },
  { path: '/blog/', rule: "a page's one URL with 308, where the assets send 307" },
  { path: '/blog.html', rule: "a page's one URL with 308, where the assets send 307" },
  ...NOT_FOUND_PATHS.filter((path) => !(HOST_RULE_FILES as readonly string[]).includes(path.slice(1))).map((path) => ({
    path,
    rule: 'the 404 page with status 404, where the assets send 200',
  })),
  { path: '/topics/no-such-topic.md', rule: "a missing markdown twin's 404 page as HTML, where the assets label it markdown" },
  ...FORM_PAGE_PATHS.map((route) => ({ path: route.replace('*', 'x'), rule: 'the form-timing cookie on a page with the free-score form' })),
]

export function pathsLeftToAssets(setting: RunWorkerFirst): Array<{ path: string; rule: string }> {
  const runsFirst = workerRunsFirst(setting)
  return WORKER_PATHS.filter(({ path }) => !runsFirst(path))
}

/** The headers of the Worker's own redirects: a redirect has no page, so its policy allows no inline script or style. */
const OWN_HEADERS = Object.fromEntries(Object.entries(responseHeaders({ script: [], style: [] })).map(([name, value]) => [name.toLowerCase(), value]))

/** Cloudflare Workers: the Worker answers by worker/index.ts's rules in its order (`read` gives a page's bytes, to find the form on it). */
export function workers(assets: Host, runWorkerFirst: RunWorkerFirst, read: (file: string) => Uint8Array): Host {
  const runsFirst = workerRunsFirst(runWorkerFirst)
  const formPages = new Map<string, boolean>()
  const carriesForm = (file: string) => formPages.get(file) ?? formPages.set(file, carriesScoreForm(read(file))).get(file)!
  return (url): HostAnswer => {
    const { pathname, search } = split(url)
    if (!runsFirst(pathname)) return assets(url)
    if (honoMatches(`${API_PREFIX}/*`, pathname)) return { status: 200, proxy: `${pathname}${search}`, headers: {} }
    const target = canonicalPath(pathname, search)
    if (target) return { status: CANONICAL_REDIRECT_STATUS, location: target, headers: { ...OWN_HEADERS } }
    if (FORM_PAGE_PATHS.some((route) => honoMatches(route, pathname))) {
      const page = assets(url)
      if (page.status !== 200 || !page.file?.endsWith('.html') || !carriesForm(page.file)) return page
      return { ...page, cookie: FORM_TIMING_COOKIE, headers: { ...page.headers, 'cache-control': CACHE_CONTROL.formPage } }
    }
    if (NOT_FOUND_PATHS.includes(pathname)) return assets('/.not-found')
    const answer = assets(url)
    if (answer.status !== 404 || !pathname.endsWith('.md')) return answer
    const { 'x-robots-tag': _label, ...headers } = answer.headers
    return { ...answer, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } }
  }
}
