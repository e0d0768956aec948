// The Worker in front of the site on Cloudflare (wrangler.jsonc): the pages and files are Workers static
// assets, answered by their own rules (`_headers`, `_redirects`, written by the build from
// lib/universal/routes.ts); the Worker runs first only for the paths wrangler.jsonc's `run_worker_first`
// names, where the assets alone would answer unlike the Node server.
import { Hono } from 'hono'
import { API_PREFIX, CANONICAL_REDIRECT_STATUS, NOT_FOUND_PATHS, canonicalPath, responseHeaders } from '../lib/universal/routes'

/** The bindings wrangler.jsonc declares. */
export interface Env {
  /** The static assets from dist/client, with their `_headers` and `_redirects` applied. */
  ASSETS: { fetch: (request: Request) => Promise<Response> }
}

const app = new Hono<{ Bindings: Env }>()

// The Worker's own answers (redirects, the API's) carry the headers every answer of the Node server
// does. No page is among them, so their Content-Security-Policy needs none of the build's inline hashes.
const OWN_HEADERS = responseHeaders({ script: [], style: [] })

// The lead API still runs only in the Node server (`npm run serve`); until it runs here too, a form
// gets a clear JSON answer it can show, rather than the 404 page or a 405 from the assets.
const notDeployed = { error: 'the API is not deployed on this runtime yet' }
for (const path of [API_PREFIX, `${API_PREFIX}/*`]) app.all(path, (c) => c.json(notDeployed, 503, { ...OWN_HEADERS, 'Cache-Control': 'no-store' }))

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
