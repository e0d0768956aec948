// The Worker in front of the site on Cloudflare (wrangler.jsonc): the pages and files are Workers static
// assets, answered by their own rules (`_headers`, `_redirects`, written by the build from
// lib/universal/routes.ts); the Worker runs first only for the paths wrangler.jsonc's `run_worker_first`
// names, where the assets alone would answer unlike the Node server.
import { Hono } from 'hono'
import { API_PREFIX, CANONICAL_REDIRECT_STATUS, NOT_FOUND_PATHS, canonicalPath, responseHeaders } from '../lib/universal/routes'
import { createApi } from '../server/api'
import { d1Database, type D1Like } from '../server/d1-database'
import { Outbox } from '../server/outbox'
import { Store } from '../server/store'

/** The bindings wrangler.jsonc declares, and the settings passed as vars (scripts/cloudflare.ts) or secrets. */
export interface Env {
  /** The static assets from dist/client, with their `_headers` and `_redirects` applied. */
  ASSETS: { fetch: (request: Request) => Promise<Response> }
  /** The lead store, migrated by `wrangler d1 migrations apply DB`. */
  DB: D1Like
  /** The origin the pages are served from, as for the Node server; content/site.json's siteUrl is not readable here. */
  SITE_URL: string
}

const app = new Hono<{ Bindings: Env }>()

// The Worker's own answers (redirects, the API's) carry the headers every answer of the Node server
// does. No page is among them, so their Content-Security-Policy needs none of the build's inline hashes.
const OWN_HEADERS = responseHeaders({ script: [], style: [] })

// The Node server's API (server/api.ts), every check included, on D1. Cloudflare puts the visitor's
// address in CF-Connecting-IP and overwrites any a client sent, so it is the only one read (X-Forwarded-For
// with one trusted hop, which clientKey reads when the connection has no address of its own).
//
// The outbox only records, for now: a Worker cannot keep the Node outbox's timers between requests, so a
// lead is stored in D1 and stays pending (no webhook is configured here), to be delivered by a queue
// consumer in a later step. A referral click is likewise stored and answered 202 ('unavailable').
let api: Hono | undefined
/** The API mounted under /api as on the Node server (server/app.ts); made once per isolate, whose env never changes. */
function mountedApi(env: Env): Hono {
  if (api) return api
  const store = Store.fromDatabase(d1Database(env.DB))
  api = new Hono().route(API_PREFIX, createApi({ store, outbox: new Outbox(store, {}), trustedHops: 1, siteOrigin: env.SITE_URL }))
  return api
}
for (const path of [API_PREFIX, `${API_PREFIX}/*`])
  app.all(path, async (c) => {
    const headers = new Headers(c.req.raw.headers)
    headers.delete('x-forwarded-for')
    const address = c.req.header('cf-connecting-ip')
    if (address) headers.set('x-forwarded-for', address)
    const response = await mountedApi(c.env).fetch(new Request(c.req.raw, { headers }), c.env, c.executionCtx)
    const answer = new Response(response.body, response)
    for (const [name, value] of Object.entries(OWN_HEADERS)) if (!answer.headers.has(name)) answer.headers.set(name, value)
    if (!answer.headers.has('Cache-Control')) answer.headers.set('Cache-Control', 'no-store')
    return answer
  })

// Another spelling of a page's URL (`/blog/`, `/blog.html`, `/index.html`): sent to its one URL with the
// Node server's 308 and relative Location, where the assets' own html_handling would send a 307.
app.use('*', async (c, next) => {
  const url = new URL(c.req.url)
  const target = canonicalPath(url.pathname, url.search)
  if (target) return new Response(null, { status: CANONICAL_REDIRECT_STATUS, headers: { ...OWN_HEADERS, Location: target } })
  await next()
})

// The 404 page's own URLs answer as a missing page does, status 404, as on the Node server (the assets
// alone would serve /404 with 200). The rule files are never served as assets, so need nothing here.
for (const path of NOT_FOUND_PATHS) app.get(path, (c) => c.env.ASSETS.fetch(new Request(new URL('/.not-found', c.req.url), c.req.raw)))

// Any other path the Worker runs first for is the assets'. A markdown twin that was never built gets the
// 404 page as HTML: `_headers`' `/<folder>/*.md` rule would label it text/markdown (and noindex), as it
// labels the twins, for it matches paths, not answers.
app.all('*', async (c) => {
  const response = await c.env.ASSETS.fetch(c.req.raw)
  if (response.status !== 404 || !c.req.path.endsWith('.md')) return response
  const headers = new Headers(response.headers)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  headers.delete('X-Robots-Tag')
  return new Response(response.body, { status: 404, headers })
})

export default app
