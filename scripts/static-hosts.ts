// Models of how Netlify, Cloudflare Pages and Vercel answer a request for the built site, given our
// rule files (public/_redirects, public/_headers, vercel.json). No host can be reached from CI, so
// each model follows its host's documented routing; the rule files themselves are read by the
// hosts' own parsers where one is published (netlify-redirect-parser, netlify-headers-parser,
// @vercel/routing-utils). Used by tests/unit/host-files.test.ts and `npm run check:site`.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { getTransformedRoutes, type GetRoutesProps } from '@vercel/routing-utils'
import { parseAllHeaders } from 'netlify-headers-parser'
import { parseAllRedirects } from 'netlify-redirect-parser'

export type HostName = 'netlify' | 'cloudflare' | 'vercel'

export interface HostAnswer {
  status: number
  /** The built file whose content answers, relative to the client folder (`blog.html`). */
  file?: string
  /** Redirect target, as sent. */
  location?: string
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

/** The rule files as a host reads them: `_redirects` and `_headers` from the build output, vercel.json from the project. */
export interface RuleFiles {
  redirectsFile: string
  headersFile: string
  vercelJson: string
}

export async function loadHosts(clientDir: string, files: RuleFiles): Promise<Record<HostName, Host>> {
  const redirects = await parseAllRedirects({ redirectsFiles: [files.redirectsFile], configRedirects: [], minimal: true })
  const headers = await parseAllHeaders({ headersFiles: [files.headersFile] as never[], netlifyConfigPath: undefined, minimal: false })
  const errors = [...redirects.errors, ...headers.errors]
  if (errors.length > 0) throw new Error(`${files.redirectsFile} / ${files.headersFile}: ${errors.map((error) => error.message).join('; ')}`)
  const rules = redirects.redirects as Rule[]
  const headerRules = headers.headers as HeaderRule[]
  const vercelConfig = JSON.parse(readFileSync(files.vercelJson, 'utf8')) as VercelJson
  const isFile = (file: string) => existsSync(join(clientDir, file)) && statSync(join(clientDir, file)).isFile()
  return {
    netlify: netlify(rules, headerRules, isFile),
    cloudflare: cloudflarePages(rules, headerRules, isFile),
    vercel: vercel(vercelConfig, isFile),
  }
}

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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Netlify's path pattern, as its headers parser builds it (`forRegExp`), with named groups for the
 * redirect's target: `:name` is one segment; a standalone `*` is the rest, slash optional, so `/a/*`
 * also matches `/a`; a trailing slash is optional.
 */
function netlifyPattern(pattern: string): RegExp {
  const parts = pattern.split('/').filter(Boolean).map((part) => {
    if (part.startsWith(':')) return `(?<${part.slice(1)}>[^/]+)`
    if (part === '*') return '?(?<splat>.*)'
    return part.split('*').map(escapeRegExp).join('(?<splat>.*)')
  })
  return new RegExp(`^/${parts.join('/')}/?$`, 'i')
}

/** Cloudflare's path pattern: anchored, `:name` is one segment, `*` is anything (one per rule). */
function cloudflarePattern(pattern: string): RegExp {
  const source = pattern.split('*').map((part) => escapeRegExp(part).replace(/:(\w+)/g, '(?<$1>[^/]+)')).join('(?<splat>.*)')
  return new RegExp(`^${source}$`)
}

const substitute = (target: string, groups: Record<string, string | undefined> = {}) =>
  target.replace(/:(\w+)/g, (whole, name: string) => (name in groups ? (groups[name] ?? '') : whole))

/**
 * Netlify: the CDN drops a trailing slash before anything else ("Trailing slash" in its redirect
 * docs); rules run top to bottom, and one not forced with `!` yields to an existing file
 * ("shadowing"); `/x` is served by `x`, `x.html` or `x/index.html`; `404.html` answers the rest.
 */
function netlify(rules: Rule[], headerRules: HeaderRule[], isFile: (file: string) => boolean): Host {
  const fileFor = (path: string) => {
    const base = path.replace(/^\/+/, '')
    if (base === '') return 'index.html'
    return [base, `${base}.html`, `${base}/index.html`].find(isFile)
  }
  const compiled = rules.map((rule) => ({ ...rule, pattern: netlifyPattern(rule.from) }))
  return (url) => {
    const { pathname, search } = split(url)
    const path = pathname === '/' ? pathname : pathname.replace(/\/+$/, '')
    const headers: Record<string, string> = {}
    for (const rule of headerRules) if (rule.forRegExp.test(pathname)) addHeaders(headers, rule.values)
    for (const rule of compiled) {
      const match = rule.pattern.exec(path)
      if (!match) continue
      if (!rule.force && fileFor(path)) break
      const to = substitute(rule.to, match.groups)
      if (rule.status !== 200) return { status: rule.status, location: `${to}${search}`, headers }
      const file = fileFor(split(to).pathname)
      return file ? { status: 200, file, headers } : { status: 404, file: '404.html', headers }
    }
    const file = fileFor(path)
    return file ? { status: 200, file, headers } : { status: 404, file: '404.html', headers }
  }
}

/**
 * Cloudflare Pages: `_redirects` rules run before the files; then its route matching ("Serving
 * Pages"): `/x` is served by `x.html` (a folder `x/index.html` is served at `/x/` instead),
 * `/x.html` and `/x/` redirect (308) to `/x`, `/index.html` to `/`; the nearest `404.html` up the
 * tree answers the rest with 404. `_headers` match the requested path.
 */
function cloudflarePages(rules: Rule[], headerRules: HeaderRule[], isFile: (file: string) => boolean): Host {
  const serve = (pathname: string, search: string): Omit<HostAnswer, 'headers'> => {
    const base = pathname.replace(/^\/+/, '')
    if (base === 'index.html' || base.endsWith('/index.html')) return { status: 308, location: `/${base.slice(0, -'index.html'.length)}${search}` }
    if (base.endsWith('.html') && isFile(base)) return { status: 308, location: `/${base.slice(0, -'.html'.length)}${search}` }
    if (base === '') return { status: 200, file: 'index.html' }
    if (base.endsWith('/')) {
      if (isFile(`${base}index.html`)) return { status: 200, file: `${base}index.html` }
      if (isFile(`${base.slice(0, -1)}.html`)) return { status: 308, location: `/${base.slice(0, -1)}${search}` }
    } else {
      if (isFile(base)) return { status: 200, file: base }
      if (isFile(`${base}.html`)) return { status: 200, file: `${base}.html` }
      if (isFile(`${base}/index.html`)) return { status: 308, location: `/${base}/${search}` }
    }
    for (let dir = dirname(base); ; dir = dirname(dir)) {
      const notFound = dir === '.' ? '404.html' : `${dir}/404.html`
      if (isFile(notFound)) return { status: 404, file: notFound }
      if (dir === '.') throw new Error('no 404.html: Cloudflare Pages would serve the site as a single-page app')
    }
  }
  const compiledHeaders = headerRules.map((rule) => ({ ...rule, pattern: cloudflarePattern(rule.for) }))
  const compiled = rules.map((rule) => ({ ...rule, pattern: cloudflarePattern(rule.from) }))
  return (url) => {
    const { pathname, search } = split(url)
    const headers: Record<string, string> = {}
    for (const rule of compiledHeaders) if (rule.pattern.test(pathname)) addHeaders(headers, rule.values)
    for (const rule of compiled) {
      const match = rule.pattern.exec(pathname)
      if (!match) continue
      const to = substitute(rule.to, match.groups)
      if (rule.status !== 200) return { status: rule.status, location: to.includes('?') ? to : `${to}${search}`, headers }
      return { ...serve(split(to).pathname, ''), headers }
    }
    return { ...serve(pathname, search), headers }
  }
}

/** The parts of vercel.json that route; the rest (buildCommand, outputDirectory) is for the build. */
type VercelJson = GetRoutesProps

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
function vercel(config: VercelJson, isFile: (file: string) => boolean): Host {
  const { routes, error } = getTransformedRoutes(config)
  if (error || !routes) throw new Error(`vercel.json: ${error?.message ?? 'no routes'}`)
  const boundary = routes.findIndex((route) => 'handle' in route && route.handle === 'filesystem')
  const compile = (route: VercelRoute) => ({ ...route, pattern: new RegExp(route.src!) })
  const before = (routes.slice(0, boundary) as VercelRoute[]).map(compile)
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
    for (const route of before) {
      const match = route.pattern.exec(pathname)
      if (!match) continue
      if (route.status && route.status >= 300 && route.status < 400) {
        return { status: route.status, location: `${substituteGroups(route.headers!.Location!, match)}${search}`, headers }
      }
      if (route.headers && route.continue) addHeaders(headers, route.headers)
      else throw new Error(`the Vercel model does not handle the route ${JSON.stringify(route)}`)
    }
    const file = fileFor(pathname)
    if (file) return { status: 200, file, headers }
    for (const route of after) {
      const match = route.pattern.exec(pathname)
      if (!match) continue
      if (!route.dest || !route.check) throw new Error(`the Vercel model does not handle the route ${JSON.stringify(route)}`)
      const target = fileFor(split(substituteGroups(route.dest, match)).pathname)
      if (target) return { status: 200, file: target, headers }
    }
    return { status: 404, file: '404.html', headers }
  }
}

export interface HostProblem {
  file: string
  problem: string
  fix: string
}

/**
 * The built site on each static host: every page answers 200 from its own file, revalidated, with
 * the Content-Security-Policy the server computes for this build (its inline-script hashes).
 */
export async function checkStaticHosts(clientDir: string, pages: readonly { file: string; path: string | null }[], csp: string): Promise<HostProblem[]> {
  const hosts = await loadHosts(clientDir, { redirectsFile: join(clientDir, '_redirects'), headersFile: join(clientDir, '_headers'), vercelJson: 'vercel.json' })
  const problems: HostProblem[] = []
  for (const [name, host] of Object.entries(hosts)) {
    const routes = name === 'vercel' ? 'vercel.json' : 'public/_redirects'
    const headers = name === 'vercel' ? 'vercel.json' : 'public/_headers'
    for (const page of pages) {
      if (page.path === null) continue
      const answer = host(page.path)
      if (answer.status !== 200 || answer.file !== page.file) {
        problems.push({ file: page.file, problem: `${name} answers ${page.path} with ${answer.status} ${answer.location ?? answer.file}`, fix: `route ${page.path} in ${routes}` })
      } else if (answer.headers['cache-control'] !== 'no-cache') {
        problems.push({ file: page.file, problem: `${name} sends ${page.path} with Cache-Control ${answer.headers['cache-control'] ?? '(host default)'}`, fix: `give ${page.path} "Cache-Control: no-cache" in ${headers}` })
      } else if (answer.headers['content-security-policy'] !== csp) {
        problems.push({ file: page.file, problem: `${name} sends ${page.path} with a Content-Security-Policy that differs from the server's for this build`, fix: `set it in ${headers} to: ${csp}` })
      }
    }
    const missing = host('/no-such-page-for-check-site')
    if (missing.status !== 404) problems.push({ file: '404.html', problem: `${name} answers an unknown path with ${missing.status}`, fix: 'build 404.html' })
  }
  return problems
}
