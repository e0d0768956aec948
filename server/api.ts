import { Hono, type Context } from 'hono'
import { loadSite } from '../lib/node/site.server'
import { mountEndpoint, type Endpoint } from './endpoint'
import { ENDPOINTS } from './endpoints'
import { formPageFromDist } from './lead-form'
import type { FormPage } from '../lib/universal/form-page'
import type { OutboxPort } from './outbox'
import type { Store } from './store'

// The /api routes: every endpoint of server/endpoints.ts, each behind the same checks (server/endpoint.ts).

export interface ApiOptions {
  store: Store
  outbox: OutboxPort
  now?: () => number
  /** How many proxies in front of the server to trust for the client's address (TRUST_PROXY=N); none by default. */
  trustedHops?: number
  /** The endpoints to serve; the site's own by default (tests declare their own). */
  endpoints?: readonly Endpoint[]
  /** The origin the site's pages are served from; SITE_URL (or content/site.json's siteUrl) by default. */
  siteOrigin?: string
  /** The page a refused form post gets (server/lead-form.ts): the one the build wrote beside the site by default; the Worker has its own copy. */
  formPage?: () => FormPage
}

/** The JSON 404 for any /api path with no endpoint (also used by server/app.ts when no API is mounted). */
export const apiNotFound = (c: Context) => c.json({ error: `No API endpoint ${c.req.method} ${c.req.path}.` }, 404)

export function createApi({
  store,
  outbox,
  now = Date.now,
  trustedHops = 0,
  endpoints = ENDPOINTS,
  siteOrigin = loadSite().siteUrl,
  formPage = formPageFromDist(),
}: ApiOptions) {
  const api = new Hono()
  api.use(async (c, next) => {
    c.set('formPage', formPage)
    await next()
  })
  api.onError((error, c) => {
    console.error('api:', error)
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500)
  })
  api.notFound(apiNotFound)

  const paths = new Set<string>()
  for (const endpoint of endpoints) {
    // A second declaration of a path would never be reached.
    if (paths.has(endpoint.path)) throw new Error(`Two API endpoints are declared at ${endpoint.path}.`)
    paths.add(endpoint.path)
    mountEndpoint(api, endpoint, { store, outbox, now, trustedHops, siteOrigin })
  }
  return api
}
