// The miniature sites the host-files tests write (routing-table.ts), removed after each file's tests,
// and the static hosts whose models read their rule files (_redirects, _headers, vercel.json).
import { afterAll } from 'vitest'
import type { Redirect } from '../../lib/universal/routes'
import { loadHosts } from '../../scripts/static-hosts'
import { writeMiniatureSite } from './routing-table'

const sites: Array<{ remove: () => void }> = []
/** A miniature site as the build writes it (with `apiOrigin`, as built with API_ORIGIN), removed after the file's tests. */
export function miniatureSite(extraFiles: readonly string[] = [], redirects?: readonly Redirect[], apiOrigin?: string) {
  const site = writeMiniatureSite(extraFiles, redirects, apiOrigin)
  sites.push(site)
  return site
}
afterAll(() => sites.forEach((site) => site.remove()))

export const HOSTS = ['cloudflare', 'netlify', 'vercel'] as const
/** The static hosts and the whole site on Cloudflare Workers (wrangler.jsonc, worker/index.ts). */
export const ALL_HOSTS = [...HOSTS, 'workers'] as const

/** A miniature site as the build writes it, old URLs included, and each host's model of it. */
export async function miniatureSiteAndHosts() {
  const site = miniatureSite()
  return { site, hosts: await loadHosts(site.clientDir) }
}
