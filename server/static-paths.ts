// How the server maps request paths onto the prerendered files, and the headers it sends with them.
// public/_redirects, public/_headers and vercel.json say the same for static hosts;
// tests/unit/host-files.test.ts checks them against the same table as the server (tests/unit/routing-table.ts).

/** Written by the build: the sha256 sources of every inline script and style (`{ script, style }`), for the Content-Security-Policy. */
export const CSP_HASHES_FILE = 'csp-hashes.json'

/** Permanent redirect that keeps the method: the status Cloudflare Pages and Vercel use for clean URLs too. */
export const CANONICAL_REDIRECT_STATUS = 308

/**
 * The one URL of a page, when `pathname` is another spelling of it: `/blog/` → `/blog`,
 * `/blog.html` → `/blog`, `/index.html` → `/`; the query is kept. `//x/` → `/x`, so a redirect
 * can never leave the site.
 */
export function canonicalPath(pathname: string, search: string): string | undefined {
  if (pathname !== '/' && pathname.endsWith('/')) return `/${pathname.replace(/^\/+|\/+$/g, '')}${search}`
  if (pathname === '/index.html') return `/${search}`
  if (pathname.endsWith('.html') && pathname !== '/404.html') return `/${pathname.slice(0, -'.html'.length).replace(/^\/+/, '')}${search}`
  return undefined
}

/** The file a page URL is prerendered to: `/blog` → `/blog.html` (the build writes no folder indexes). */
export function fileOfPath(pathname: string): string {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
  return pathname === '/' || lastSegment.includes('.') ? pathname : `${pathname}.html`
}

/** Cache-Control for a served file: hashed assets forever, HTML always revalidated, the rest for an hour. */
export function cacheControlFor(pathname: string, contentType: string | null): string {
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  if (contentType?.startsWith('text/html')) return 'no-cache'
  return 'public, max-age=3600'
}

/** The Content-Security-Policy: only this origin, no inline script or style except the build's hashed ones. */
export function contentSecurityPolicy(hashes: { readonly script: readonly string[]; readonly style: readonly string[] }): string {
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
