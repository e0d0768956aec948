// How each static host answers a request, from the rule files read by its own parsers, as its routing is documented.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { getTransformedRoutes, type GetRoutesProps, type RouteWithSrc } from '@vercel/routing-utils'
import { parseAllHeaders } from 'netlify-headers-parser'
import { parseAllRedirects } from 'netlify-redirect-parser'
import { escapeRegExp } from '../lib/checks/checked-page'
import { API_PREFIX, HOST_RULE_FILES, NOT_FOUND_FILE, REDIRECT_STATUS } from '../lib/universal/routes'

/** `cloudflare` is Cloudflare Pages; `workers`, the whole site on Cloudflare Workers (wrangler.jsonc). */
export type HostName = 'netlify' | 'cloudflare' | 'vercel' | 'workers'

/** `proxy`: where `/api/*` is fetched from (on Workers, the path and query its own API answers); header names in lower case. */
export type HostAnswer = { status: number; file?: string; location?: string; proxy?: string; cookie?: string; headers: Record<string, string> }

export type Host = (url: string) => HostAnswer

type Rule = { from: string; to: string; status: number; force: boolean }
type HeaderRule = { for: string; forRegExp: RegExp; values: Record<string, string> }

/** The rule files of a client folder, parsed; a file a host would reject throws. */
export async function readRuleFiles(clientDir: string) {
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

export type RuleFiles = Awaited<ReturnType<typeof readRuleFiles>>

/** The API's proxy rule as the build writes it with API_ORIGIN: `/api/*  https://api.example.com/api/:splat  200`. */
const isApiProxy = (rule: Rule) =>
  rule.from === `${API_PREFIX}/*` && rule.status === 200 && !rule.force && new RegExp(`^https?://[^/]+${API_PREFIX}/:splat$`).test(rule.to)

export const isLiteral = (from: string) => !/[:*]/.test(from)

/** `rules.find` for a path, but rules with a `literalOf` key looked up: ten thousand old URLs make one lookup, not ten thousand tests. */
function firstRule<R>(
  rules: readonly R[],
  literalOf: (rule: R) => string | undefined,
  tries: (rule: R, path: string) => boolean,
  keyOf = (path: string) => path,
): (path: string) => R | undefined {
  const literal = new Map<string, number>()
  const others: Array<{ rule: R; index: number }> = []
  rules.forEach((rule, index) => {
    const key = literalOf(rule)
    if (key === undefined) others.push({ rule, index })
    else if (!literal.has(keyOf(key))) literal.set(keyOf(key), index)
  })
  return (path) => {
    const found = literal.get(keyOf(path)) ?? Infinity
    return others.find(({ rule, index }) => index < found && tries(rule, path))?.rule ?? rules[found]
  }
}

const literalSource = (rule: Rule) => (isLiteral(rule.from) ? rule.from : undefined)
const redirected = (rule: Rule, search: string) => ({ status: rule.status, location: `${rule.to}${search}` })
const isRedirect = (rule: { status?: number } | undefined) => rule?.status !== undefined && rule.status >= 300 && rule.status < 400

/** The path and query as sent: a doubled slash (`//evil.example/`) stays in the path. */
export const split = (url: string) => {
  const parsed = new URL(`http://host.test${url.startsWith('/') ? url : `/${url}`}`)
  return { pathname: parsed.pathname, search: parsed.search }
}

/** Values set twice for one path are joined with ", ", as Netlify and Cloudflare document. */
function addHeaders(into: Record<string, string>, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const key = name.toLowerCase()
    into[key] = into[key] === undefined ? value : `${into[key]}, ${value}`
  }
}

/** An anchored path pattern: `*` is any characters, `/` included; with `placeholders`, `:name` is one segment (Cloudflare's syntax). */
export const pathPattern = (pattern: string, placeholders = false) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => (placeholders ? escapeRegExp(part).replace(/:\w+/g, '[^/]+') : escapeRegExp(part)))
      .join('.*')}$`,
  )

/** Netlify's own path matchers, made by its headers parser, for redirect sources too (the same syntax). */
async function netlifyMatchers(patterns: string[]): Promise<Map<string, RegExp>> {
  const configHeaders = patterns.map((pattern) => ({ for: pattern, values: { 'X-Pattern': pattern } }))
  const { headers } = await parseAllHeaders({ configHeaders: configHeaders as never[], netlifyConfigPath: undefined })
  return new Map(headers.map((header) => [header.for, header.forRegExp!]))
}

/** Netlify: a trailing slash is dropped first ("Trailing slash"); a rule not forced with `!` yields to an existing file ("shadowing"). */
export async function netlify(rules: Rule[], headerRules: HeaderRule[], isFile: (file: string) => boolean): Promise<Host> {
  const patterns = await netlifyMatchers(rules.map((rule) => rule.from).filter((from) => !isLiteral(from)))
  const fileFor = (path: string) => (path === '/' ? 'index.html' : [path.slice(1), `${path.slice(1)}.html`].find(isFile))
  // A literal source matches its one path in either case (the path has no trailing slash left).
  const matches = (rule: Rule, path: string) => patterns.get(rule.from)!.test(path)
  const ruleFor = firstRule(rules, literalSource, matches, (path) => path.toLowerCase())
  return (url) => {
    const { pathname, search } = split(url)
    const path = pathname === '/' ? pathname : pathname.replace(/\/+$/, '')
    const headers: Record<string, string> = {}
    for (const rule of headerRules) if (rule.forRegExp.test(pathname)) addHeaders(headers, rule.values)
    const file = fileFor(path)
    const rule = ruleFor(path)
    if (!file && rule && isApiProxy(rule)) return { status: 200, proxy: `${rule.to.replace(':splat', path.slice(API_PREFIX.length + 1))}${search}`, headers }
    if (!file && isRedirect(rule)) return { ...redirected(rule!, search), headers }
    const served = file ?? (rule && fileFor(rule.to))
    return served ? { status: 200, file: served, headers } : { status: 404, file: NOT_FOUND_FILE, headers }
  }
}

/** Cloudflare Pages: `_redirects` before the files; Workers static assets differ in the status of a redirect from `/x/` or `/x.html` and the 404's Cache-Control. */
export function cloudflarePages(rules: Rule[], headerRules: HeaderRule[], isFile: (file: string) => boolean, workers = false): Host {
  const redirectStatus = workers ? 307 : 308
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
  const compiledHeaders = headerRules.map((rule) => ({ ...rule, pattern: pathPattern(rule.for, true) }))
  // Cloudflare Pages proxies only to its own paths ("You cannot proxy external domains"), so it passes the API's proxy by.
  const compiled = rules.filter((rule) => !isApiProxy(rule)).map((rule) => ({ ...rule, pattern: pathPattern(rule.from, true) }))
  const ruleFor = firstRule(compiled, literalSource, (rule, path) => rule.pattern.test(path))
  return (url) => {
    const { pathname, search } = split(url)
    const headers: Record<string, string> = {}
    for (const rule of compiledHeaders) if (rule.pattern.test(pathname)) addHeaders(headers, rule.values)
    const rule = ruleFor(pathname)
    if (isRedirect(rule)) return { ...redirected(rule!, search), headers }
    const answer = rule ? serve(rule.to, '') : serve(pathname, search)
    if (answer.status === 404 && workers) headers['cache-control'] = 'public, max-age=0, must-revalidate'
    return { ...answer, headers }
  }
}

/** Vercel: vercel.json compiled into its route list by @vercel/routing-utils, as Vercel's own builds do. */
export function vercel(config: GetRoutesProps, isFile: (file: string) => boolean): Host {
  const { routes, error } = getTransformedRoutes(config)
  if (error || !routes) throw new Error(`vercel.json: ${error?.message ?? 'no routes'}`)
  const boundary = routes.findIndex((route) => 'handle' in route && route.handle === 'filesystem')
  const compile = (route: RouteWithSrc, index: number) => ({ ...route, index, pattern: new RegExp(route.src) })
  const unhandled = (route: RouteWithSrc) => new Error(`the Vercel model does not handle the route ${JSON.stringify(route)}`)
  const before = (routes.slice(0, boundary) as RouteWithSrc[]).map(compile)
  for (const route of before) if (!isRedirect(route) && !(route.headers && route.continue)) throw unhandled(route)
  const headerRoutes = before.filter((route) => !isRedirect(route))
  // A redirect from one path (`^/blog/old\\.php$`) is looked up by that path, not tried.
  const literalPath = (route: RouteWithSrc) => /^\^((?:[\w~/-]|\\\.)+)\$$/.exec(route.src)?.[1]?.replaceAll('\\.', '.')
  const redirectFor = firstRule(before.filter(isRedirect), literalPath, (route, path) => route.pattern.test(path))
  const after = (routes.slice(boundary + 1) as RouteWithSrc[]).map(compile)
  const fileFor = (pathname: string) => {
    const base = pathname.replace(/^\/+/, '')
    if (base === '') return 'index.html'
    if (isFile(base) && !base.endsWith('.html')) return base
    return config.cleanUrls && isFile(`${base}.html`) ? `${base}.html` : undefined
  }
  const substituteGroups = (target: string, match: RegExpExecArray) => target.replace(/\$(\d+)/g, (_, index: string) => match[Number(index)] ?? '')
  return (url) => {
    const { pathname, search } = split(url)
    const redirect = redirectFor(pathname)
    const headers: Record<string, string> = {}
    for (const route of headerRoutes) if (route.index < (redirect?.index ?? Infinity) && route.pattern.test(pathname)) addHeaders(headers, route.headers!)
    if (redirect)
      return { status: redirect.status!, location: `${substituteGroups(redirect.headers!.Location!, redirect.pattern.exec(pathname)!)}${search}`, headers }
    const file = fileFor(pathname)
    if (file) return { status: 200, file, headers }
    for (const route of after) {
      const match = route.pattern.exec(pathname)
      if (!match) continue
      if (!route.dest || !route.check) throw unhandled(route)
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
