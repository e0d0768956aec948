// Lighthouse CI's server: every answer gzipped, as the budgets are; the API never answers a page whose template holds it.
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
function pageOf(referer: string | undefined): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined
  const url = new URL(referer)
  return `${url.pathname}${url.search}`
}
api.use(async (c, next) => (heldPages.has(pageOf(c.req.header('Referer'))) ? new Promise<Response>(() => {}) : next()))
api.route('/', createApi({ store, outbox: new Outbox(store, {}) }))
const app = createApp({ api })

function gzipOnly(request: Request): Request {
  const headers = new Headers(request.headers)
  if (headers.has('Accept-Encoding')) headers.set('Accept-Encoding', 'gzip')
  return new Request(request, { headers })
}
const listening = () => console.log(`serve-lighthouse: listening on ${origin.origin}`)
serve({ fetch: (request, env) => app.fetch(gzipOnly(request), env), port: Number(origin.port), hostname: origin.hostname }, listening)
