// Lighthouse CI's server (lighthouserc.cjs, `startServerCommand`): the built site (DIST_DIR) and its API, as
// server/index.ts serves them, on the origin lib/checks/lighthouse-budgets.ts names, with a database in memory.
// Two changes for the gate: every answer is gzipped, whatever the browser accepts, so that Lighthouse counts
// the bytes the budgets are set in; and the API never answers a page whose template holds it (the referral
// shell, which leaves for another page as soon as its click is answered).
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { readFileSync } from 'node:fs'
import { lighthouseOrigin, parseBudgets } from '../lib/checks/lighthouse-budgets'
import { createApi } from '../server/api'
import { createApp } from '../server/app'
import { Outbox } from '../server/outbox'
import { Store } from '../server/store'

const heldPages = new Set<string | undefined>(
  parseBudgets(JSON.parse(readFileSync('lighthouse.budgets.json', 'utf8')))
    .templates.filter((template) => template.holdApi && template.path)
    .map((template) => template.path),
)
const origin = new URL(lighthouseOrigin())
const store = await Store.open(':memory:')
const api = new Hono()
/** The path and query of the page that made a request, from its Referer. */
function pageOf(referer: string | undefined): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined
  const url = new URL(referer)
  return `${url.pathname}${url.search}`
}
api.use(async (c, next) => (heldPages.has(pageOf(c.req.header('Referer'))) ? new Promise<Response>(() => {}) : next()))
api.route('/', createApi({ store, outbox: new Outbox(store, {}) }))
const app = createApp({ api })

serve(
  {
    fetch: (request, env) => {
      const headers = new Headers(request.headers)
      if (headers.has('Accept-Encoding')) headers.set('Accept-Encoding', 'gzip')
      return app.fetch(new Request(request, { headers }), env)
    },
    port: Number(origin.port),
    hostname: origin.hostname,
  },
  () => console.log(`serve-lighthouse: listening on ${origin.origin}`),
)
