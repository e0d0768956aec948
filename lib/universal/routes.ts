// Every route rule of the site, stated once for the Node server, the Worker and the static hosts' rule files: no Node built-ins.

export const NOT_FOUND_FILE = '404.html'

export const CSP_HASHES_FILE = 'csp-hashes.json'

/** Written by the build beside the client folder, never served: the pages' old URLs (`redirectFrom`), `[{ from, to }]`. */
export const REDIRECTS_FILE = 'redirects.json'

export type Redirect = { from: string; to: string }

/** The hosts' rule files the build writes beside the pages; none is a file of the site (the Node server answers 404). */
export const HOST_RULE_FILES = ['_redirects', '_headers', 'vercel.json', '.assetsignore'] as const
export type HostRuleFile = (typeof HOST_RULE_FILES)[number]

export const API_PREFIX = '/api'

/** Only the Node server answers the health check; it is not a page. */
export const HEALTH_PATH = '/healthz'

/** Hashed build output: a file's name changes whenever its content does. */
export const ASSETS_PREFIX = '/assets/'

export const SEARCH_PREFIX = '/pagefind/'

/** Pagefind's index chunks, fragments, filters and metadata are named by a hash of their bytes; its other files keep their names. */
export function isHashedSearchFile(pathname: string): boolean {
  if (!pathname.startsWith(SEARCH_PREFIX)) return false
  const name = pathname.slice(SEARCH_PREFIX.length)
  return /^(index|fragment|filter)\/[^/]+$/.test(name) || /^pagefind\.[^/]+\.pf_meta$/.test(name)
}

/** The file a request path is served from: `/blog` → `blog.html`, `/` → `index.html`; a path with a dot in its last segment names its file. */
export function fileOfPath(pathname: string): string {
  if (pathname === '/') return 'index.html'
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
  return lastSegment.includes('.') ? pathname.slice(1) : `${pathname.slice(1)}.html`
}

const ENCODED_CONTROL_CHARACTER = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i

/** A URL's pathname (`new URL(…).pathname`) that names a control character (C0, DEL or C1: `%00`, `%7f`, `%c2%85`) once decoded: a 404 on every runtime. */
export function hasControlCharacter(pathname: string): boolean {
  return ENCODED_CONTROL_CHARACTER.test(pathname)
}

/** `topics/x.html` → `/topics/x`; the 404 page has no URL (null). */
export function pathOfHtmlFile(file: string): string | null {
  if (file === 'index.html') return '/'
  if (file === NOT_FOUND_FILE) return null
  return `/${file.slice(0, -'.html'.length)}`
}

/** A path and every path under it (`prefix`), all answered by one page `file`; `why` is for the rule files' readers. */
export const SHELL_ROUTES: ReadonlyArray<{ prefix: string; file: string; why: string }> = [
  { prefix: '/dashboard', file: 'index.html', why: 'Any /dashboard path shows the home screen.' },
  { prefix: '/r', file: 'r.html', why: 'Any /r/<code> gets the referral shell; it reads the code from the address bar.' },
]

/** The paths whose page carries the free-score form, as Hono route patterns: the Worker runs first for them (form-timing cookie). */
export const FORM_PAGE_PATHS: readonly string[] = [
  '/',
  ...SHELL_ROUTES.filter((shell) => shell.file === 'index.html').flatMap((shell) => [shell.prefix, `${shell.prefix}/*`]),
]

/** Paths answered with the 404 page although a file is there: the 404 page's own URLs and the hosts' rule files. */
export const NOT_FOUND_PATHS: readonly string[] = ['/404', `/${NOT_FOUND_FILE}`, ...HOST_RULE_FILES.map((file) => `/${file}`)]

/** Permanent redirect that keeps the method: the status Cloudflare Pages and Vercel use for clean URLs too. */
export const CANONICAL_REDIRECT_STATUS = 308

/** An old URL's answer: permanent, like the canonical redirects, so search engines move its ranking to the page. */
export const REDIRECT_STATUS = CANONICAL_REDIRECT_STATUS

/** The one URL of a page when `pathname` is another spelling of it (`/blog/`, `/blog.html`), query kept; `//x/` → `/x`, never off the site. */
export function canonicalPath(pathname: string, search: string): string | undefined {
  if (pathname !== '/' && pathname.endsWith('/')) return `/${pathname.replace(/^\/+|\/+$/g, '')}${search}`
  if (pathname === '/index.html') return `/${search}`
  if (pathname.endsWith('.html') && pathname !== `/${NOT_FOUND_FILE}`) return `/${pathname.slice(0, -'.html'.length).replace(/^\/+/, '')}${search}`
  return undefined
}

export const CACHE_CONTROL = {
  /** Under /assets/: cached for a year, never revalidated. */
  asset: 'public, max-age=31536000, immutable',
  /** HTML, pages and 404s: always revalidated, so a new release shows at once. */
  page: 'no-cache',
  /** A page that sets the form-timing cookie: `private`, or a shared cache would hand its Set-Cookie to other visitors. */
  formPage: 'private, no-cache',
  /** Every other file (favicon, robots.txt, sitemaps): an hour. */
  file: 'public, max-age=3600',
  /** Live state (the health check): never stored by a browser or a proxy. */
  live: 'no-store',
} as const

export function cacheControlFor(pathname: string, contentType: string | null): string {
  if (pathname.startsWith(ASSETS_PREFIX) || isHashedSearchFile(pathname)) return CACHE_CONTROL.asset
  if (contentType?.startsWith('text/html')) return CACHE_CONTROL.page
  return CACHE_CONTROL.file
}

export type CspHashes = { readonly script: readonly string[]; readonly style: readonly string[] }

/** The Content-Security-Policy: only this origin, no inline script or style except the build's hashed ones. */
export function contentSecurityPolicy(hashes: CspHashes): string {
  const sources = (list: readonly string[]) => list.map((hash) => ` '${hash}'`).join('')
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval': the site search (Pagefind) compiles its WebAssembly; it allows no JavaScript eval.
    `script-src 'self' 'wasm-unsafe-eval'${sources(hashes.script)}`,
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

export function responseHeaders(hashes: CspHashes): Record<string, string> {
  return { 'Content-Security-Policy': contentSecurityPolicy(hashes), ...SECURITY_HEADERS }
}
