import type { Context } from 'hono'
import { isLoopbackHost } from '../lib/universal/loopback'

// Whether a POST to the API comes from the site's own pages. A browser names the page's origin in
// `Origin` on every POST and says in `Sec-Fetch-Site` whether that page is on another site: another site's
// page could otherwise post leads through its visitors' browsers (each visitor a new address for the rate
// limit, and no form-timing cookie, which a cross-site post never carries). A request with neither header
// does not come from a browser page (a server-side client): the other rules judge it.

/**
 * The origins the site's own pages post from: `siteOrigin` (SITE_URL, the canonical origin) and, when the
 * request was made to a loopback address, the origin it was made to. A Host header that names a loopback
 * address comes from a browser on this machine: another site's page posting through a visitor's browser
 * names that visitor's idea of this site, never a loopback host.
 */
function ownOrigins(c: Context, siteOrigin: string): string[] {
  const served = new URL(c.req.url)
  return isLoopbackHost(served.hostname) ? [siteOrigin, served.origin] : [siteOrigin]
}

/** Why a POST is refused as coming from another site, or undefined when it may go on. */
export function crossSiteRefusal(c: Context, siteOrigin: string): string | undefined {
  if (c.req.header('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return 'Sec-Fetch-Site: cross-site'
  const origin = c.req.header('origin')
  if (origin === undefined) return undefined
  return ownOrigins(c, siteOrigin).includes(origin.trim().toLowerCase()) ? undefined : `Origin: ${origin.slice(0, 200)}`
}
