// Every route rule of the site, stated once: which file answers a URL, the app-shell routes, the
// canonical redirects, the cache classes and the security headers. The Node server (server/app.ts)
// follows these rules; the build writes the static hosts' rule files from them
// (scripts/build/host-files.ts); tests/unit/routing-table.ts holds both to one table of answers.
// Runs anywhere (the server, the build, the site checks): no Node built-ins.

/** Answers anything not built, with status 404. */
export const NOT_FOUND_FILE = '404.html'

/** Written by the build: the sha256 sources of every inline script and style (`{ script, style }`), for the Content-Security-Policy. */
export const CSP_HASHES_FILE = 'csp-hashes.json'

/**
 * Written by the build beside the client folder (`dist/redirects.json`, never served): the old URLs of
 * its pages (`redirectFrom` in a content file), `[{ from, to }]`, which the Node server answers with
 * REDIRECT_STATUS; the static hosts' rule files carry the same list.
 */
export const REDIRECTS_FILE = 'redirects.json'

/** An old URL of a page, answered with a permanent redirect to the page. */
export interface Redirect {
  from: string
  to: string
}

/**
 * The hosts' rule files, which the build writes beside the pages: `.assetsignore` lists what Workers
 * static assets must not serve. None is a file of the site: the Node server answers each with its 404.
 */
export const HOST_RULE_FILES = ['_redirects', '_headers', 'vercel.json', '.assetsignore'] as const
export type HostRuleFile = (typeof HOST_RULE_FILES)[number]

/** Where the API is mounted (server/api.ts). Only the Node server answers it. */
export const API_PREFIX = '/api'

/**
 * The server's health check (server/health.ts): database and outbox state, never cached. Like the API,
 * only the Node server answers it (a static host has no database and gives its 404); it is not a
 * page, so the build never writes it, nor lists it in the sitemap.
 */
export const HEALTH_PATH = '/healthz'

/** Hashed build output: a file's name changes whenever its content does. */
export const ASSETS_PREFIX = '/assets/'

/**
 * The file a request path is served from, relative to the client folder: a page's URL has no dot in
 * its last segment and is served from `<path>.html` (`/blog` → `blog.html`, `/` → `index.html`: the
 * build writes no folder indexes); any other URL names its file.
 */
export function fileOfPath(pathname: string): string {
  if (pathname === '/') return 'index.html'
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
  return lastSegment.includes('.') ? pathname.slice(1) : `${pathname.slice(1)}.html`
}

/** The URL a page file is served at, the inverse of fileOfPath: `index.html` → `/`, `topics/x.html` → `/topics/x`, the 404 page → null (it has none). */
export function pathOfHtmlFile(file: string): string | null {
  if (file === 'index.html') return '/'
  if (file === NOT_FOUND_FILE) return null
  return `/${file.slice(0, -'.html'.length)}`
}

/** A path and every path under it, all answered by one page: the browser reads the rest of the address. */
export interface ShellRoute {
  /** `/dashboard` answers, and so does every `/dashboard/…`. */
  prefix: string
  /** The page file that answers them. */
  file: string
  /** Why, for the readers of the rule files made from it. */
  why: string
}

export const SHELL_ROUTES: readonly ShellRoute[] = [
  { prefix: '/dashboard', file: 'index.html', why: 'Any /dashboard path shows the home screen.' },
  { prefix: '/r', file: 'r.html', why: 'Any /r/<code> gets the referral shell; it reads the code from the address bar.' },
]

/**
 * The paths whose page may carry the free-score form: the home page and each shell that serves it, as
 * Hono route patterns (`/dashboard/*`: every path under it). The Worker (worker/index.ts) gives them the
 * form-timing cookie and runs first for them (wrangler.jsonc `run_worker_first`, which check:site's
 * Workers model holds to this list: scripts/workers-host.ts).
 */
export const FORM_PAGE_PATHS: readonly string[] = [
  '/',
  ...SHELL_ROUTES.filter((shell) => shell.file === 'index.html').flatMap((shell) => [shell.prefix, `${shell.prefix}/*`]),
]

/**
 * Paths the Node server answers with the 404 page and status 404 although a file is there: the 404
 * page's own URLs (it is an answer, never a page) and the static hosts' rule files.
 */
export const NOT_FOUND_PATHS: readonly string[] = ['/404', `/${NOT_FOUND_FILE}`, ...HOST_RULE_FILES.map((file) => `/${file}`)]

/** Permanent redirect that keeps the method: the status Cloudflare Pages and Vercel use for clean URLs too. */
export const CANONICAL_REDIRECT_STATUS = 308

/** An old URL's answer: permanent, like the canonical redirects, so search engines move its ranking to the page. */
export const REDIRECT_STATUS = CANONICAL_REDIRECT_STATUS

/**
 * The one URL of a page, when `pathname` is another spelling of it: `/blog/` → `/blog`,
 * `/blog.html` → `/blog`, `/index.html` → `/`; the query is kept. `//x/` → `/x`, so a redirect
 * can never leave the site.
 */
export function canonicalPath(pathname: string, search: string): string | undefined {
  if (pathname !== '/' && pathname.endsWith('/')) return `/${pathname.replace(/^\/+|\/+$/g, '')}${search}`
  if (pathname === '/index.html') return `/${search}`
  if (pathname.endsWith('.html') && pathname !== `/${NOT_FOUND_FILE}`) return `/${pathname.slice(0, -'.html'.length).replace(/^\/+/, '')}${search}`
  return undefined
}

/** The Cache-Control of each class of answer. */
export const CACHE_CONTROL = {
  /** Under /assets/: cached for a year, never revalidated. */
  asset: 'public, max-age=31536000, immutable',
  /** HTML, pages and 404s: always revalidated, so a new release shows at once. */
  page: 'no-cache',
  /**
   * A page that sets the form-timing cookie (only the Node server does: server/form-timing.ts). `no-cache`
   * alone lets a shared cache store the page, Set-Cookie and all, and reuse it for other visitors once
   * revalidated; `private` keeps it to the visitor's own browser, which still revalidates it each time.
   */
  formPage: 'private, no-cache',
  /** Every other file (favicon, robots.txt, sitemaps): an hour. */
  file: 'public, max-age=3600',
  /** Live state (the health check): never stored by a browser or a proxy. */
  live: 'no-store',
} as const

/** Cache-Control for a served file: hashed assets forever, HTML always revalidated, the rest for an hour. */
export function cacheControlFor(pathname: string, contentType: string | null): string {
  if (pathname.startsWith(ASSETS_PREFIX)) return CACHE_CONTROL.asset
  if (contentType?.startsWith('text/html')) return CACHE_CONTROL.page
  return CACHE_CONTROL.file
}

/** The sha256 sources of the build's inline scripts and styles, by directive. */
export interface CspHashes {
  readonly script: readonly string[]
  readonly style: readonly string[]
}

/** The Content-Security-Policy: only this origin, no inline script or style except the build's hashed ones. */
export function contentSecurityPolicy(hashes: CspHashes): string {
  const sources = (list: readonly string[]) => list.map((hash) => ` '${hash}'`).join('')
  return [
    "default-src 'self'",
    `script-src 'self'${sources(hashes.script)}`,
    `style-src 'self'${sources(hashes.style)}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Sent with every response, pages, assets, errors and API answers alike (plus the CSP above). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'X-DNS-Prefetch-Control': 'off',
  'X-Permitted-Cross-Domain-Policies': 'none',
}

/** Every header that every response carries, for a build with these inline hashes. */
export function responseHeaders(hashes: CspHashes): Record<string, string> {
  return { 'Content-Security-Policy': contentSecurityPolicy(hashes), ...SECURITY_HEADERS }
}
