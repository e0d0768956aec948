// How the server maps request paths onto the prerendered files.

/** Written by the build: the sha256 sources of every inline script, for the Content-Security-Policy. */
export const CSP_HASHES_FILE = 'csp-script-hashes.json'

/** `/blog/` → `/blog`, keeping the query; `//x/` → `/x` so a redirect can never leave the site. */
export function withoutTrailingSlash(pathname: string, search: string): string | undefined {
  if (pathname === '/' || !pathname.endsWith('/')) return undefined
  return `/${pathname.replace(/^\/+|\/+$/g, '')}${search}`
}

/** `/blog/index.html` → `/blog`, `/index.html` → `/`: one URL per page. */
export function withoutIndexHtml(pathname: string, search: string): string | undefined {
  if (!pathname.endsWith('/index.html')) return undefined
  return `/${pathname.slice(0, -'/index.html'.length).replace(/^\/+/, '')}${search}`
}

/** Cache-Control for a served file: hashed assets forever, HTML always revalidated, the rest for an hour. */
export function cacheControlFor(pathname: string, contentType: string | null): string {
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  if (contentType?.startsWith('text/html')) return 'no-cache'
  return 'public, max-age=3600'
}
