// Models of how Netlify, Cloudflare Pages and Vercel answer a request for a built site, from the rule
// files the build writes into it (host-rules.ts reads them); Workers static assets are Cloudflare Pages'
// model with the differences wrangler.jsonc gives them (WORKERS_ASSETS), and the Worker in front of them
// is scripts/workers-host.ts. No host can be reached from CI, so each model follows its host's
// documented routing.
import { getTransformedRoutes, type GetRoutesProps } from '@vercel/routing-utils'
import { NOT_FOUND_FILE } from '../lib/universal/routes'
import { addHeaders, cloudflarePattern, firstRule, isApiProxy, isRedirect, proxied, redirected, split, type HeaderRule, type Rule } from './host-rules'

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

/**
 * Netlify: the CDN drops a trailing slash before anything else ("Trailing slash" in its redirect
 * docs); rules run top to bottom, and one not forced with `!` yields to an existing file
 * ("shadowing"); `/x` is served by `x` or `x.html`; a redirect keeps the query ("Query parameters");
 * `404.html` answers the rest.
 */
export function netlify(rules: Rule[], headerRules: HeaderRule[], patterns: ReadonlyMap<string, RegExp>, isFile: (file: string) => boolean): Host {
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
export interface CloudflareServing {
  /** The status of the redirect from another spelling of a page's URL (`/x/`, `/x.html`) to it. */
  redirectStatus: number
  /** The Cache-Control the 404 page is sent with, whatever `_headers` says; none if the host sets none of its own. */
  notFoundCacheControl?: string
}

/** Cloudflare Pages ("Serving Pages", "Route matching"). */
export const PAGES: CloudflareServing = { redirectStatus: 308 }

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
export const WORKERS_ASSETS: CloudflareServing = { redirectStatus: 307, notFoundCacheControl: 'public, max-age=0, must-revalidate' }

/**
 * Cloudflare Pages: `_redirects` rules run before the files ("Redirects are always followed,
 * regardless of whether or not an asset matches"), a redirect keeping the query; then its route
 * matching ("Serving Pages"): `/x` is served by `x.html`; `/x.html` and `/x/` redirect (308) to `/x`,
 * `/index.html` to `/`; `404.html` answers the rest with 404. `_headers` match the requested path.
 * Workers static assets serve alike, with the differences `serving` names.
 */
export function cloudflarePages(rules: Rule[], headerRules: HeaderRule[], isFile: (file: string) => boolean, serving: CloudflareServing): Host {
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
export function vercel(config: GetRoutesProps, isFile: (file: string) => boolean): Host {
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
