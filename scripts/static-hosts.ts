// Models of how Netlify, Cloudflare Pages, Vercel and Cloudflare Workers answer a request for a built
// site, from the rule files the build writes into it (`_redirects`, `_headers`, `vercel.json`:
// pipeline/host-files.ts) and, for Workers, wrangler.jsonc and the Worker's rules
// (scripts/workers-host.ts). No host can be reached from CI, so each model follows its host's documented
// routing. The files are read by the hosts' own parsers (netlify-redirect-parser, netlify-headers-parser,
// @vercel/routing-utils), and Netlify's paths and Vercel's routes are matched by the regular
// expressions those parsers make; only Cloudflare's matcher is written here. Used by
// tests/unit/host-files.test.ts and `npm run check:site`.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { getTransformedRoutes, type GetRoutesProps } from '@vercel/routing-utils'
import { parseAllHeaders } from 'netlify-headers-parser'
import { parseAllRedirects } from 'netlify-redirect-parser'
import { alternateFileHeaders } from '../lib/universal/alternate-headers'
import {
  API_PREFIX,
  ASSETS_PREFIX,
  CACHE_CONTROL,
  HOST_RULE_FILES,
  NOT_FOUND_FILE,
  REDIRECT_STATUS,
  REDIRECTS_FILE,
  pathOfHtmlFile,
  type Redirect,
} from '../lib/universal/routes'
import { STATIC_REDIRECT_LIMITS } from '../lib/node/redirects.server'
import { ASSETS_IGNORE } from '../pipeline/host-files'
import { FORM_TIMING_COOKIE, carriesScoreForm } from '../server/form-timing'
import { WRANGLER_CONFIG, pathsLeftToAssets, readRunWorkerFirst, workers, type RunWorkerFirst } from './workers-host'

/** `cloudflare` is Cloudflare Pages; `workers`, the whole site on Cloudflare Workers (wrangler.jsonc). */
export type HostName = 'netlify' | 'cloudflare' | 'vercel' | 'workers'

export interface HostAnswer {
  status: number
  /** The built file whose content answers, relative to the client folder (`blog.html`). */
  file?: string
  /** Redirect target, as sent. */
  location?: string
  /**
   * The URL the host fetches the answer from, for a path it proxies (`/api/*` to API_ORIGIN); on Workers,
   * the path and query the Worker's own API answers.
   */
  proxy?: string
  /** The cookie the answer sets, by name: the form-timing cookie, which only the Worker sets among the hosts. */
  cookie?: string
  /** Response headers set by the rule files, names in lower case. */
  headers: Record<string, string>
}

export type Host = (url: string) => HostAnswer

interface Rule {
  from: string
  to: string
  status: number
  force: boolean
}

interface HeaderRule {
  for: string
  /** Netlify's own matcher for `for`, made by its parser. */
  forRegExp: RegExp
  values: Record<string, string>
}

/** The rule files of a client folder, parsed; a file a host would reject throws, naming it. */
async function readRuleFiles(clientDir: string) {
  const [redirectsFile, headersFile, vercelFile] = HOST_RULE_FILES.map((name) => join(clientDir, name))
  const redirects = await parseAllRedirects({ redirectsFiles: [redirectsFile!], configRedirects: [], minimal: true })
  const headers = await parseAllHeaders({ headersFiles: [headersFile] as never[], netlifyConfigPath: undefined, minimal: false })
  const errors = [...redirects.errors, ...headers.errors]
  if (errors.length > 0) throw new Error(`${redirectsFile} / ${headersFile}: ${errors.map((error) => error.message).join('; ')}`)
  const rules = redirects.redirects as Rule[]
  // The build writes rewrites to its own pages, redirects of old URLs and the API's proxy only; a model that routed anything else would be guessing.
  const unknown = rules.find(
    (rule) =>
      !isApiProxy(rule) &&
      ((rule.status !== 200 && !(rule.status === REDIRECT_STATUS && isLiteral(rule.from))) || rule.force || rule.to.includes(':') || !rule.to.startsWith('/')),
  )
  if (unknown)
    throw new Error(
      `${redirectsFile}: the static-host models know only rewrites to a page, redirects from one path and the API's proxy, not ${JSON.stringify(unknown)}`,
    )
  return { rules, headerRules: headers.headers as HeaderRule[], vercelConfig: JSON.parse(readFileSync(vercelFile!, 'utf8')) as GetRoutesProps }
}

/** The models of a client folder; Workers' with wrangler.jsonc's `run_worker_first`, unless told another. */
export async function loadHosts(clientDir: string, runWorkerFirst: RunWorkerFirst = readRunWorkerFirst()): Promise<Record<HostName, Host>> {
  return hostsOf(clientDir, await readRuleFiles(clientDir), runWorkerFirst)
}

async function hostsOf(
  clientDir: string,
  { rules, headerRules, vercelConfig }: Awaited<ReturnType<typeof readRuleFiles>>,
  runWorkerFirst: RunWorkerFirst,
): Promise<Record<HostName, Host>> {
  const isFile = (file: string) => existsSync(join(clientDir, file)) && statSync(join(clientDir, file)).isFile()
  const workersAssets = cloudflarePages(rules, headerRules, (file) => uploadedToWorkers(file) && isFile(file), WORKERS_ASSETS)
  return {
    netlify: netlify(rules, headerRules, await netlifyMatchers(rules.map((rule) => rule.from).filter((from) => !isLiteral(from))), isFile),
    cloudflare: cloudflarePages(rules, headerRules, isFile, PAGES),
    vercel: vercel(vercelConfig, isFile),
    workers: workers(workersAssets, runWorkerFirst, (file) => readFileSync(join(clientDir, file))),
  }
}

/** The API's proxy rule as the build writes it with API_ORIGIN: `/api/*  https://api.example.com/api/:splat  200`. */
const API_PROXY_SOURCE = `${API_PREFIX}/*`
const isApiProxy = (rule: Rule) =>
  rule.from === API_PROXY_SOURCE && rule.status === 200 && !rule.force && new RegExp(`^https?://[^/]+${API_PREFIX}/:splat$`).test(rule.to)

/** Where a proxy rule sends `path`: its `:splat` is what `/api/*`'s star matched; the query is passed on. */
const proxied = (rule: Rule, path: string, search: string) => `${rule.to.replace(':splat', path.slice(API_PROXY_SOURCE.length - 1))}${search}`

/** A `_redirects` source with no placeholder or splat: it matches one path, so a model looks it up instead of trying it. */
const isLiteral = (from: string) => !/[:*]/.test(from)

/**
 * The first rule that `path` matches, as `rules.find` would give it: the literal ones are looked up by
 * `keyOf` (ten thousand old URLs cost one lookup a request, not ten thousand tests), the others tried.
 */
function firstRule<R extends Rule>(
  rules: readonly R[],
  tries: (rule: R, path: string) => boolean,
  keyOf: (path: string) => string,
): (path: string) => R | undefined {
  const literal = new Map<string, number>()
  rules.forEach((rule, index) => {
    if (isLiteral(rule.from) && !literal.has(keyOf(rule.from))) literal.set(keyOf(rule.from), index)
  })
  const others = rules.flatMap((rule, index) => (isLiteral(rule.from) ? [] : [{ rule, index }]))
  return (path) => {
    const found = literal.get(keyOf(path)) ?? Infinity
    const tried = others.find(({ rule, index }) => index < found && tries(rule, path))
    return tried ? tried.rule : rules[found]
  }
}

/** A redirect rule's answer: its status and target, the query kept. */
const redirected = (rule: Rule, search: string) => ({ status: rule.status, location: `${rule.to}${search}` })
const isRedirect = (rule: Rule | undefined): boolean => rule !== undefined && rule.status >= 300 && rule.status < 400

const split = (url: string) => {
  const parsed = new URL(url, 'http://host.test')
  return { pathname: parsed.pathname, search: parsed.search }
}

/** Values set twice for one path are joined with ", ", as Netlify and Cloudflare document. */
function addHeaders(into: Record<string, string>, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const key = name.toLowerCase()
    into[key] = into[key] === undefined ? value : `${into[key]}, ${value}`
  }
}

/**
 * Netlify's own path matcher, the `forRegExp` its headers parser makes, for redirect patterns too
 * (they have the same syntax), by pattern: `:name` is one segment; a standalone `*` is the rest, slash
 * optional, so `/a/*` also matches `/a`; a trailing slash is optional; letters match either case.
 */
async function netlifyMatchers(patterns: string[]): Promise<Map<string, RegExp>> {
  const configHeaders = patterns.map((pattern) => ({ for: pattern, values: { 'X-Pattern': pattern } }))
  const { headers } = await parseAllHeaders({ configHeaders: configHeaders as never[], netlifyConfigPath: undefined })
  return new Map(headers.map((header) => [header.for, header.forRegExp!]))
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Cloudflare's path pattern (no matcher of its own is published): anchored, `:name` is one segment, `*` is anything. */
const cloudflarePattern = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => escapeRegExp(part).replace(/:\w+/g, '[^/]+'))
      .join('.*')}$`,
  )

/**
 * Netlify: the CDN drops a trailing slash before anything else ("Trailing slash" in its redirect
 * docs); rules run top to bottom, and one not forced with `!` yields to an existing file
 * ("shadowing"); `/x` is served by `x` or `x.html`; a redirect keeps the query ("Query parameters");
 * `404.html` answers the rest.
 */
function netlify(rules: Rule[], headerRules: HeaderRule[], patterns: ReadonlyMap<string, RegExp>, isFile: (file: string) => boolean): Host {
  const fileFor = (path: string) => (path === '/' ? 'index.html' : [path.slice(1), `${path.slice(1)}.html`].find(isFile))
  const served = (file: string | undefined) => (file ? { status: 200, file } : { status: 404, file: NOT_FOUND_FILE })
  // A literal source matches its one path in either case, trailing slash or not (the path has none left).
  const ruleFor = firstRule(
    rules,
    (rule, path) => patterns.get(rule.from)!.test(path),
    (path) => path.toLowerCase(),
  )
  return (url) => {
    const { pathname, search } = split(url)
    const path = pathname === '/' ? pathname : pathname.replace(/\/+$/, '')
    const headers: Record<string, string> = {}
    for (const rule of headerRules) if (rule.forRegExp.test(pathname)) addHeaders(headers, rule.values)
    const file = fileFor(path)
    const rule = ruleFor(path)
    if (!file && rule && isApiProxy(rule)) return { status: 200, proxy: proxied(rule, path, search), headers }
    if (!file && isRedirect(rule)) return { ...redirected(rule!, search), headers }
    return { ...served(file ?? (rule && fileFor(rule.to))), headers }
  }
}

/** Where Cloudflare's two ways of serving static files differ, for the settings wrangler.jsonc gives the Workers one. */
interface CloudflareServing {
  /** The status of the redirect from another spelling of a page's URL (`/x/`, `/x.html`) to it. */
  redirectStatus: number
  /** The Cache-Control the 404 page is sent with, whatever `_headers` says; none if the host sets none of its own. */
  notFoundCacheControl?: string
}

/** Cloudflare Pages ("Serving Pages", "Route matching"). */
const PAGES: CloudflareServing = { redirectStatus: 308 }

/**
 * Workers static assets with `html_handling: "drop-trailing-slash"` and `not_found_handling: "404-page"`
 * (wrangler.jsonc, which scripts/workers-host.ts holds to these): Pages' route matching and its `_headers`
 * and `_redirects`, except that another spelling of a page's URL is sent on with 307, and the 404 page
 * comes with a Cache-Control of the assets' own, as local workerd sends both (tests/unit/cloudflare-pages.test.ts:
 * its NOT_FOUND_CACHE_CONTROL, on every 404 of the routing table, whatever `_headers` rule matches the
 * path). They serve none of the files the upload leaves out
 * (the rule files and what `.assetsignore` lists), where Pages uploads all but its two rule files. Not
 * modelled, as no rule file sets it: the media type, which for SVG and XML names no charset there.
 */
const WORKERS_ASSETS: CloudflareServing = { redirectStatus: 307, notFoundCacheControl: 'public, max-age=0, must-revalidate' }

/**
 * Cloudflare Pages: `_redirects` rules run before the files ("Redirects are always followed,
 * regardless of whether or not an asset matches"), a redirect keeping the query; then its route
 * matching ("Serving Pages"): `/x` is served by `x.html`; `/x.html` and `/x/` redirect (308) to `/x`,
 * `/index.html` to `/`; `404.html` answers the rest with 404. `_headers` match the requested path.
 * Workers static assets serve alike, with the differences `serving` names.
 */
function cloudflarePages(rules: Rule[], headerRules: HeaderRule[], isFile: (file: string) => boolean, serving: CloudflareServing): Host {
  const { redirectStatus, notFoundCacheControl } = serving
  const serve = (pathname: string, search: string): Omit<HostAnswer, 'headers'> => {
    const base = pathname.slice(1)
    if (base === 'index.html') return { status: redirectStatus, location: `/${search}` }
    if (base.endsWith('.html') && isFile(base)) return { status: redirectStatus, location: `/${base.slice(0, -'.html'.length)}${search}` }
    if (base.endsWith('/') && isFile(`${base.slice(0, -1)}.html`)) return { status: redirectStatus, location: `/${base.slice(0, -1)}${search}` }
    const file = base === '' ? 'index.html' : base.endsWith('/') ? undefined : [base, `${base}.html`].find(isFile)
    if (file) return { status: 200, file }
    if (!isFile(NOT_FOUND_FILE)) throw new Error('no 404.html: Cloudflare Pages would serve the site as a single-page app')
    return { status: 404, file: NOT_FOUND_FILE }
  }
  const compiledHeaders = headerRules.map((rule) => ({ ...rule, pattern: cloudflarePattern(rule.for) }))
  // Cloudflare Pages proxies only to its own paths ("You cannot proxy external domains"), so it passes the API's proxy by.
  const compiled = rules.filter((rule) => !isApiProxy(rule)).map((rule) => ({ ...rule, pattern: cloudflarePattern(rule.from) }))
  const ruleFor = firstRule(
    compiled,
    (rule, path) => rule.pattern.test(path),
    (path) => path,
  )
  return (url) => {
    const { pathname, search } = split(url)
    const headers: Record<string, string> = {}
    for (const rule of compiledHeaders) if (rule.pattern.test(pathname)) addHeaders(headers, rule.values)
    const rule = ruleFor(pathname)
    if (isRedirect(rule)) return { ...redirected(rule!, search), headers }
    const answer = rule ? serve(rule.to, '') : serve(pathname, search)
    if (answer.status === 404 && notFoundCacheControl) headers['cache-control'] = notFoundCacheControl
    return { ...answer, headers }
  }
}

interface VercelRoute {
  src?: string
  dest?: string
  status?: number
  headers?: Record<string, string>
  continue?: boolean
  check?: boolean
  handle?: string
}

/**
 * Vercel: vercel.json compiled by @vercel/routing-utils (the package Vercel's own builds use) into
 * its route list: the routes before `handle: filesystem` (redirects, headers) run first; then the
 * files, with `cleanUrls` serving `/x` from `x.html`; then the rewrites; else `404.html` with 404.
 */
function vercel(config: GetRoutesProps, isFile: (file: string) => boolean): Host {
  const { routes, error } = getTransformedRoutes(config)
  if (error || !routes) throw new Error(`vercel.json: ${error?.message ?? 'no routes'}`)
  const boundary = routes.findIndex((route) => 'handle' in route && route.handle === 'filesystem')
  const compile = (route: VercelRoute) => ({ ...route, pattern: new RegExp(route.src!) })
  const isRedirectRoute = (route: VercelRoute) => route.status !== undefined && route.status >= 300 && route.status < 400
  // A redirect from one path (`^/blog/old\\.php$`) is looked up by that path, not tried: ten thousand old URLs cost one lookup.
  const literalOf = (route: VercelRoute) => (isRedirectRoute(route) ? /^\^((?:[\w~/-]|\\\.)+)\$$/.exec(route.src!)?.[1]?.replaceAll('\\.', '.') : undefined)
  const firstRoutes = routes.slice(0, boundary) as VercelRoute[]
  const literal = new Map<string, VercelRoute & { index: number }>()
  firstRoutes.forEach((route, index) => {
    const path = literalOf(route)
    if (path !== undefined && !literal.has(path)) literal.set(path, { ...route, index })
  })
  const before = firstRoutes.flatMap((route, index) => (literalOf(route) === undefined ? [{ ...compile(route), index }] : []))
  const after = (routes.slice(boundary + 1) as VercelRoute[]).map(compile)
  const fileFor = (pathname: string) => {
    const base = pathname.replace(/^\/+/, '')
    if (base === '') return 'index.html'
    if (isFile(base) && !base.endsWith('.html')) return base
    return config.cleanUrls && isFile(`${base}.html`) ? `${base}.html` : undefined
  }
  const substituteGroups = (target: string, match: RegExpExecArray) => target.replace(/\$(\d+)/g, (_, index: string) => match[Number(index)] ?? '')
  return (url) => {
    const { pathname, search } = split(url)
    const headers: Record<string, string> = {}
    const moved = literal.get(pathname)
    for (const route of before) {
      if (moved && route.index > moved.index) break
      const match = route.pattern.exec(pathname)
      if (!match) continue
      if (isRedirectRoute(route)) return { status: route.status!, location: `${substituteGroups(route.headers!.Location!, match)}${search}`, headers }
      if (route.headers && route.continue) addHeaders(headers, route.headers)
      else throw new Error(`the Vercel model does not handle the route ${JSON.stringify(route)}`)
    }
    if (moved) return { status: moved.status!, location: `${moved.headers!.Location!}${search}`, headers }
    const file = fileFor(pathname)
    if (file) return { status: 200, file, headers }
    for (const route of after) {
      const match = route.pattern.exec(pathname)
      if (!match) continue
      if (!route.dest || !route.check) throw new Error(`the Vercel model does not handle the route ${JSON.stringify(route)}`)
      // A rewrite to another origin is proxied there, the query passed on.
      if (/^https?:\/\//.test(route.dest)) {
        const proxy = substituteGroups(route.dest, match)
        return { status: 200, proxy: `${proxy}${search && (proxy.includes('?') ? `&${search.slice(1)}` : search)}`, headers }
      }
      const target = fileFor(split(substituteGroups(route.dest, match)).pathname)
      if (target) return { status: 200, file: target, headers }
    }
    return { status: 404, file: NOT_FOUND_FILE, headers }
  }
}

export interface HostProblem {
  file: string
  problem: string
  fix: string
}

/** Cloudflare Pages reads at most this many rules of `_headers`, and of `_redirects` rules with a placeholder or splat. */
const CLOUDFLARE_RULE_LIMIT = 100

/** A gitignore pattern of `.assetsignore` without a slash, as Workers static assets match it: against a file's name, in any folder. */
const ignorePattern = (pattern: string) => new RegExp(`(^|/)${pattern.split('*').map(escapeRegExp).join('[^/]*')}$`)
const assetsIgnored = ASSETS_IGNORE.map(ignorePattern)

/** Whether `wrangler deploy` uploads a file of the client folder as a Workers static asset: neither a rule file nor one `.assetsignore` lists. */
const uploadedToWorkers = (file: string) => !(HOST_RULE_FILES as readonly string[]).includes(file) && !assetsIgnored.some((pattern) => pattern.test(file))

/**
 * How many files a deployment may hold, where the host documents it (free plan): Cloudflare Pages
 * uploads every file but its two rule files; Workers static assets leave out `.assetsignore`'s too.
 * Netlify and Vercel document no file count for a deployment, so none is checked for them.
 */
export const FILE_LIMITS = [
  { host: 'Cloudflare Pages', limit: 20_000, uploads: (file: string) => file !== '_headers' && file !== '_redirects' },
  { host: 'Workers static assets', limit: 20_000, uploads: uploadedToWorkers },
] as const

/** The files of the client folder (relative, forward slashes) each host with a file limit would upload, and that limit. */
export function fileCounts(files: Iterable<string>): Array<{ host: string; count: number; limit: number }> {
  const all = [...files]
  return FILE_LIMITS.map(({ host, limit, uploads }) => ({ host, count: all.filter(uploads).length, limit }))
}

/** One problem per host whose file limit the client folder passes, naming the count and the limit. */
export function checkFileLimits(files: Iterable<string>): HostProblem[] {
  return fileCounts(files)
    .filter(({ count, limit }) => count > limit)
    .map(({ host, count, limit }) => ({
      file: '.',
      problem: `${count.toLocaleString('en-US')} files: ${host} takes at most ${limit.toLocaleString('en-US')} a deployment (free plan)`,
      fix: 'fewer files (pages, twins, report sheets), or a paid plan whose limit is higher; the Node server, Netlify and Vercel serve them all',
    }))
}

/** The file counts as check:site's host line prints them: `1,234 files; limit 20,000 on Cloudflare Pages, …`. */
export function fileCountSummary(files: Iterable<string>): string {
  const counts = fileCounts(files)
  const number = (value: number) => value.toLocaleString('en-US')
  return `${counts.map(({ host, count, limit }) => `${number(count)} files of ${number(limit)} on ${host}`).join(', ')}; no documented limit checked on Netlify and Vercel`
}

/**
 * The built site on each static host: every page answers 200 from its own file, revalidated, and
 * every other file from itself with its Cache-Control class; both with the headers the Node server
 * sends for this build (`served`: its Content-Security-Policy carries the build's inline hashes). A
 * feed or a markdown twin has the media type and headers the server sends it with; no other answer
 * gets a Content-Type or an X-Robots-Tag from the rule files. On Workers, a page with the free-score
 * form also gets the form-timing cookie, `private`, as from the server (the other hosts can set no
 * cookie), and `run_worker_first` (wrangler.jsonc, unless told another) sends the Worker every path it
 * must answer.
 */
export async function checkStaticHosts(
  clientDir: string,
  files: Iterable<string>,
  served: Record<string, string>,
  runWorkerFirst: RunWorkerFirst = readRunWorkerFirst(),
): Promise<HostProblem[]> {
  const ruleFiles = await readRuleFiles(clientDir)
  const { rules, headerRules } = ruleFiles
  const hosts = await hostsOf(clientDir, ruleFiles, runWorkerFirst)
  const fix = 'the build writes it from lib/universal/routes.ts: rebuild, or correct the rule there (pipeline/host-files.ts turns it into host syntax)'
  const builtFiles = [...files]
  const problems: HostProblem[] = checkFileLimits(builtFiles)
  for (const { path, rule } of pathsLeftToAssets(runWorkerFirst))
    problems.push({
      file: WRANGLER_CONFIG,
      problem: `assets.run_worker_first leaves ${path} to the static assets; the Worker must answer it (${rule})`,
      fix: 'add a pattern that matches it to run_worker_first (worker/index.ts has the rule)',
    })
  if (headerRules.length > CLOUDFLARE_RULE_LIMIT)
    problems.push({ file: '_headers', problem: `${headerRules.length} rules: Cloudflare Pages reads the first ${CLOUDFLARE_RULE_LIMIT}`, fix })
  const dynamicRules = rules.filter((rule) => /[:*]/.test(rule.from)).length
  if (dynamicRules > CLOUDFLARE_RULE_LIMIT)
    problems.push({ file: '_redirects', problem: `${dynamicRules} rules with a placeholder: Cloudflare Pages reads the first ${CLOUDFLARE_RULE_LIMIT}`, fix })
  // The old URLs (redirectFrom): one static rule each in _redirects, one route each in vercel.json.
  const tooMany = "fewer old URLs (redirectFrom), or that host's bulk redirects loaded from redirects.json; the Node server and Netlify answer them all"
  const staticRules = rules.length - dynamicRules
  if (staticRules > STATIC_REDIRECT_LIMITS.cloudflare)
    problems.push({
      file: '_redirects',
      problem: `${staticRules} static rules: Cloudflare Pages applies the first ${STATIC_REDIRECT_LIMITS.cloudflare}`,
      fix: tooMany,
    })
  const vercelRoutes = getTransformedRoutes(ruleFiles.vercelConfig).routes?.length ?? 0
  if (vercelRoutes > STATIC_REDIRECT_LIMITS.vercelRoutes)
    problems.push({ file: 'vercel.json', problem: `${vercelRoutes} routes: Vercel takes ${STATIC_REDIRECT_LIMITS.vercelRoutes} a deployment`, fix: tooMany })

  const expected = builtFiles
    .filter((file) => file !== NOT_FOUND_FILE && !(HOST_RULE_FILES as readonly string[]).includes(file))
    .map((file) => {
      const isPage = file.endsWith('.html')
      const path = isPage ? pathOfHtmlFile(file)! : `/${file}`
      const cacheControl = isPage ? CACHE_CONTROL.page : path.startsWith(ASSETS_PREFIX) ? CACHE_CONTROL.asset : CACHE_CONTROL.file
      const wanted: Record<string, string | undefined> = { 'content-type': undefined, 'x-robots-tag': undefined, 'cache-control': cacheControl }
      for (const [header, value] of Object.entries((!isPage && alternateFileHeaders(path)) || {})) wanted[header.toLowerCase()] = value
      return { file, path, wanted }
    })
  for (const [name, host] of Object.entries(hosts)) {
    const [routes, headers] = name === 'vercel' ? ['vercel.json', 'vercel.json'] : ['_redirects', '_headers']
    for (const { file, path, wanted } of expected) {
      // What `.assetsignore` keeps from the Workers upload (the CSP hashes, the compressed copies) is meant to answer 404 there.
      if (name === 'workers' && !uploadedToWorkers(file)) continue
      const answer = host(path)
      // Only the Worker can set the form-timing cookie; where it runs, a page with the form must get it, as from the server.
      const formPage = name === 'workers' && file.endsWith('.html') && carriesScoreForm(readFileSync(join(clientDir, file)))
      const wrong = Object.entries({ ...wanted, ...(formPage && { 'cache-control': CACHE_CONTROL.formPage }), ...served }).find(
        ([header, value]) => answer.headers[header.toLowerCase()] !== value,
      )
      if (answer.status !== 200 || answer.file !== file) {
        problems.push({ file, problem: `${name} answers ${path} with ${answer.status} ${answer.location ?? answer.file}`, fix: `${routes}: ${fix}` })
      } else if (formPage && answer.cookie !== FORM_TIMING_COOKIE) {
        problems.push({
          file,
          problem: `${name} sends ${path} without the form-timing cookie, which the server sets on every page with the free-score form`,
          fix: `the Worker sets it on FORM_PAGE_PATHS only (lib/universal/routes.ts): add ${path} there, and to ${WRANGLER_CONFIG} run_worker_first`,
        })
      } else if (wrong) {
        const [header, value] = wrong
        problems.push({
          file,
          problem: `${name} sends ${path} with ${header} ${answer.headers[header.toLowerCase()] ?? '(host default)'}, ${value === undefined ? 'which no rule should set for it' : `the server ${value}`}`,
          fix: `${headers}: ${fix}`,
        })
      }
    }
    for (const { from, to } of redirectsOf(clientDir)) {
      const answer = host(from)
      if (answer.status !== REDIRECT_STATUS || answer.location !== to)
        problems.push({
          file: routes,
          problem: `${name} answers the old URL ${from} with ${answer.status} ${answer.location ?? answer.file}, the server ${REDIRECT_STATUS} ${to}`,
          fix,
        })
    }
    const missing = host('/no-such-page-for-check-site')
    if (missing.status !== 404)
      problems.push({ file: NOT_FOUND_FILE, problem: `${name} answers an unknown path with ${missing.status}`, fix: `build ${NOT_FOUND_FILE}` })
  }
  return problems
}

/** The old URLs the build wrote for the Node server (REDIRECTS_FILE, beside the client folder); none for a build from before them. */
function redirectsOf(clientDir: string): Redirect[] {
  const file = join(dirname(clientDir), REDIRECTS_FILE)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Redirect[]) : []
}
