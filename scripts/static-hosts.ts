// check:site's check that each static host answers as the Node server; the Workers model copies worker/index.ts's rules (its module brings D1).
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { getTransformedRoutes } from '@vercel/routing-utils'
import ts from 'typescript'
import { alternateFileHeaders } from '../lib/universal/alternate-headers'
import {
  API_PREFIX,
  CACHE_CONTROL,
  CANONICAL_REDIRECT_STATUS,
  FORM_PAGE_PATHS,
  HOST_RULE_FILES,
  NOT_FOUND_FILE,
  NOT_FOUND_PATHS,
  REDIRECT_STATUS,
  REDIRECTS_FILE,
  cacheControlFor,
  canonicalPath,
  pathOfHtmlFile,
  responseHeaders,
  type Redirect,
} from '../lib/universal/routes'
import { STATIC_REDIRECT_LIMITS } from '../lib/node/redirects.server'
import { ASSETS_IGNORE } from '../pipeline/host-files'
import { FORM_TIMING_COOKIE, carriesScoreForm } from '../server/form-timing'
import { escapeRegExp, type Problem } from '../lib/checks/checked-page'
import {
  cloudflarePages,
  isLiteral,
  netlify,
  pathPattern,
  readRuleFiles,
  split,
  vercel,
  type Host,
  type HostAnswer,
  type HostName,
  type RuleFiles,
} from './host-models'

export const WRANGLER_CONFIG = 'wrangler.jsonc'
const isRuleFile = (file: string) => (HOST_RULE_FILES as readonly string[]).includes(file)

/** wrangler.jsonc's `assets.run_worker_first`: every path, none, or those its patterns match. */
export type RunWorkerFirst = boolean | readonly string[]

/** The assets settings the model knows; it refuses others rather than guess. */
const MODELLED_ASSETS: Readonly<Record<string, string>> = { html_handling: 'drop-trailing-slash', not_found_handling: '404-page' }

/** `assets.run_worker_first`, read by TypeScript's reader of JSON with comments. */
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

/** Whether the Worker runs before the assets for a path: a pattern starting with `!` excludes what it matches. */
export function workerRunsFirst(setting: RunWorkerFirst): (pathname: string) => boolean {
  if (typeof setting === 'boolean') return () => setting
  const included = setting.filter((pattern) => !pattern.startsWith('!')).map((pattern) => pathPattern(pattern))
  const excluded = setting.filter((pattern) => pattern.startsWith('!')).map((pattern) => pathPattern(pattern.slice(1)))
  return (pathname) => included.some((pattern) => pattern.test(pathname)) && !excluded.some((pattern) => pattern.test(pathname))
}

/** A Hono route path (`/dashboard/*`), matched as Hono does. */
const honoMatches = (route: string, pathname: string) =>
  route.endsWith('/*') ? pathname === route.slice(0, -2) || pathname.startsWith(route.slice(0, -1)) : pathname === route

/** One path for each of the Worker's rules that the assets alone would answer unlike the Node server (they never serve the rule files). */
const WORKER_PATHS: ReadonlyArray<{ path: string; rule: string }> = [
  { path: API_PREFIX, rule: 'the lead API' },
  { path: `${API_PREFIX}/score`, rule: 'the lead API' },
  { path: '/blog/', rule: "a page's one URL with 308, where the assets send 307" },
  { path: '/blog.html', rule: "a page's one URL with 308, where the assets send 307" },
  ...NOT_FOUND_PATHS.filter((path) => !isRuleFile(path.slice(1))).map((path) => ({ path, rule: 'the 404 page with status 404, where the assets send 200' })),
  { path: '/topics/no-such-topic.md', rule: "a missing markdown twin's 404 page as HTML, where the assets label it markdown" },
  ...FORM_PAGE_PATHS.map((route) => ({ path: route.replace('*', 'x'), rule: 'the form-timing cookie on a page with the free-score form' })),
]

export function pathsLeftToAssets(setting: RunWorkerFirst): Array<{ path: string; rule: string }> {
  const runsFirst = workerRunsFirst(setting)
  return WORKER_PATHS.filter(({ path }) => !runsFirst(path))
}

/** The headers of the Worker's own redirects: no page, so no inline script or style. */
const OWN_HEADERS = Object.fromEntries(Object.entries(responseHeaders({ script: [], style: [] })).map(([name, value]) => [name.toLowerCase(), value]))

/** Cloudflare Workers: worker/index.ts's rules in its order (`read` gives a page's bytes, to find the form on it). */
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

/** `.assetsignore`'s patterns (none has a slash) match a file's name in any folder. */
const assetsIgnored = ASSETS_IGNORE.map((pattern) => new RegExp(`(^|/)${pattern.split('*').map(escapeRegExp).join('[^/]*')}$`))

const uploadedToWorkers = (file: string) => !isRuleFile(file) && !assetsIgnored.some((pattern) => pattern.test(file))

/** Files a deployment may hold on the free plan; Netlify and Vercel document no limit. */
const FILE_LIMITS = [
  { host: 'Cloudflare Pages', limit: 20_000, uploads: (file: string) => file !== '_headers' && file !== '_redirects' },
  { host: 'Workers static assets', limit: 20_000, uploads: uploadedToWorkers },
] as const

const fileCounts = (files: Iterable<string>) => {
  const all = [...files]
  return FILE_LIMITS.map(({ host, limit, uploads }) => ({ host, count: all.filter(uploads).length, limit }))
}
const number = (value: number) => value.toLocaleString('en-US')

export function checkFileLimits(files: Iterable<string>): Problem[] {
  return fileCounts(files)
    .filter(({ count, limit }) => count > limit)
    .map(({ host, count, limit }) => ({
      file: '.',
      problem: `${number(count)} files: ${host} takes at most ${number(limit)} a deployment (free plan)`,
      fix: 'fewer files (pages, twins, report sheets), or a paid plan whose limit is higher; the Node server, Netlify and Vercel serve them all',
    }))
}

export function fileCountSummary(files: Iterable<string>): string {
  const counts = fileCounts(files).map(({ host, count, limit }) => `${number(count)} files of ${number(limit)} on ${host}`)
  return `${counts.join(', ')}; no documented limit checked on Netlify and Vercel`
}

/** The models of a client folder. */
export async function loadHosts(clientDir: string, runWorkerFirst = readRunWorkerFirst(), ruleFiles?: RuleFiles): Promise<Record<HostName, Host>> {
  const { rules, headerRules, vercelConfig } = ruleFiles ?? (await readRuleFiles(clientDir))
  const isFile = (file: string) => existsSync(join(clientDir, file)) && statSync(join(clientDir, file)).isFile()
  const workersAssets = cloudflarePages(rules, headerRules, (file) => uploadedToWorkers(file) && isFile(file), true)
  return {
    netlify: await netlify(rules, headerRules, isFile),
    cloudflare: cloudflarePages(rules, headerRules, isFile),
    vercel: vercel(vercelConfig, isFile),
    workers: workers(workersAssets, runWorkerFirst, (file) => readFileSync(join(clientDir, file))),
  }
}

/** Cloudflare Pages reads at most this many rules of `_headers`, and of `_redirects` rules with a placeholder or splat. */
const RULE_LIMIT = 100

/** Every page and file answers 200 from itself on each host, with its Cache-Control and the headers the server sends (`served`). */
export async function checkStaticHosts(
  clientDir: string,
  files: Iterable<string>,
  served: Record<string, string>,
  runWorkerFirst: RunWorkerFirst = readRunWorkerFirst(),
): Promise<Problem[]> {
  const ruleFiles = await readRuleFiles(clientDir)
  const { rules, headerRules } = ruleFiles
  const hosts = await loadHosts(clientDir, runWorkerFirst, ruleFiles)
  const fix = 'the build writes it from lib/universal/routes.ts: rebuild, or correct the rule there (pipeline/host-files.ts turns it into host syntax)'
  const builtFiles = [...files]
  const problems = checkFileLimits(builtFiles)
  const add = (file: string, problem: string, fix: string) => problems.push({ file, problem, fix })
  for (const { path, rule } of pathsLeftToAssets(runWorkerFirst)) {
    const problem = `assets.run_worker_first leaves ${path} to the static assets; the Worker must answer it (${rule})`
    add(WRANGLER_CONFIG, problem, 'add a pattern that matches it to run_worker_first (worker/index.ts has the rule)')
  }
  const tooMany = "fewer old URLs (redirectFrom), or that host's bulk redirects loaded from redirects.json; the Node server and Netlify answer them all"
  const dynamicRules = rules.filter((rule) => !isLiteral(rule.from)).length
  const [staticRules, vercelRoutes] = [rules.length - dynamicRules, getTransformedRoutes(ruleFiles.vercelConfig).routes?.length ?? 0]
  const { cloudflare: staticLimit, vercelRoutes: routeLimit } = STATIC_REDIRECT_LIMITS
  const limits = [
    [headerRules.length, RULE_LIMIT, '_headers', `${headerRules.length} rules: Cloudflare Pages reads the first ${RULE_LIMIT}`, fix],
    [dynamicRules, RULE_LIMIT, '_redirects', `${dynamicRules} rules with a placeholder: Cloudflare Pages reads the first ${RULE_LIMIT}`, fix],
    [staticRules, staticLimit, '_redirects', `${staticRules} static rules: Cloudflare Pages applies the first ${staticLimit}`, tooMany],
    [vercelRoutes, routeLimit, 'vercel.json', `${vercelRoutes} routes: Vercel takes ${routeLimit} a deployment`, tooMany],
  ] as const
  for (const [count, limit, file, problem, fix] of limits) if (count > limit) add(file, problem, fix)

  const expected = builtFiles
    .filter((file) => file !== NOT_FOUND_FILE && !isRuleFile(file))
    .map((file) => {
      const isPage = file.endsWith('.html')
      const path = isPage ? pathOfHtmlFile(file)! : `/${file}`
      const cacheControl = isPage ? CACHE_CONTROL.page : cacheControlFor(path, null)
      const wanted: Record<string, string | undefined> = { 'content-type': undefined, 'x-robots-tag': undefined, 'cache-control': cacheControl }
      for (const [header, value] of Object.entries((!isPage && alternateFileHeaders(path)) || {})) wanted[header.toLowerCase()] = value
      return { file, path, wanted }
    })
  // None for a build from before the old URLs were written.
  const redirectsFile = join(dirname(clientDir), REDIRECTS_FILE)
  const redirects = existsSync(redirectsFile) ? (JSON.parse(readFileSync(redirectsFile, 'utf8')) as Redirect[]) : []
  for (const [name, host] of Object.entries(hosts)) {
    const [routes, headers] = name === 'vercel' ? ['vercel.json', 'vercel.json'] : ['_redirects', '_headers']
    for (const { file, path, wanted } of expected) {
      // What `.assetsignore` keeps from the upload is meant to answer 404 there.
      if (name === 'workers' && !uploadedToWorkers(file)) continue
      const answer = host(path)
      // Only the Worker can set the form-timing cookie: there a page with the form must get it.
      const formPage = name === 'workers' && file.endsWith('.html') && carriesScoreForm(readFileSync(join(clientDir, file)))
      const wrong = Object.entries({ ...wanted, ...(formPage && { 'cache-control': CACHE_CONTROL.formPage }), ...served }).find(
        ([header, value]) => answer.headers[header.toLowerCase()] !== value,
      )
      if (answer.status !== 200 || answer.file !== file) {
        add(file, `${name} answers ${path} with ${answer.status} ${answer.location ?? answer.file}`, `${routes}: ${fix}`)
      } else if (formPage && answer.cookie !== FORM_TIMING_COOKIE) {
        const problem = `${name} sends ${path} without the form-timing cookie, which the server sets on every page with the free-score form`
        add(
          file,
          problem,
          `the Worker sets it on FORM_PAGE_PATHS only (lib/universal/routes.ts): add ${path} there, and to ${WRANGLER_CONFIG} run_worker_first`,
        )
      } else if (wrong) {
        const [header, value] = wrong
        const sent = `${header} ${answer.headers[header.toLowerCase()] ?? '(host default)'}`
        add(
          file,
          `${name} sends ${path} with ${sent}, ${value === undefined ? 'which no rule should set for it' : `the server ${value}`}`,
          `${headers}: ${fix}`,
        )
      }
    }
    for (const { from, to } of redirects) {
      const answer = host(from)
      const problem = `${name} answers the old URL ${from} with ${answer.status} ${answer.location ?? answer.file}, the server ${REDIRECT_STATUS} ${to}`
      if (answer.status !== REDIRECT_STATUS || answer.location !== to) add(routes, problem, fix)
    }
    const missing = host('/no-such-page-for-check-site')
    if (missing.status !== 404) add(NOT_FOUND_FILE, `${name} answers an unknown path with ${missing.status}`, `build ${NOT_FOUND_FILE}`)
  }
  return problems
}
