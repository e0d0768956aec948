// The Worker, run first for the paths where the static assets alone would answer unlike the Node server. The outbox's polling is a queue,
// and a Cron Trigger every minute puts each due record back on it: a lost message loses nothing, D1 is the truth and the queue only says "now".
import { Hono, type Context } from 'hono'
import {
  API_PREFIX,
  CACHE_CONTROL,
  CANONICAL_REDIRECT_STATUS,
  FORM_PAGE_PATHS,
  NOT_FOUND_PATHS,
  canonicalPath,
  hasControlCharacter,
  responseHeaders,
} from '../lib/universal/routes'
import { createApi } from '../server/api'
import { d1Database, type D1Like } from '../server/d1-database'
import { carriesScoreForm, formTimingCookie } from '../server/form-timing'
import { Outbox, retryDelay, type OutboxPort } from '../server/outbox'
import { retentionPass } from '../server/retention'
import type { OutboxTable } from '../server/records'
import { Store } from '../server/store'
import { leadRetentionDays, outboxTimeoutFromEnv, webhooksFromEnv } from '../server/settings'

type OutboxMessage = { table: OutboxTable; id: number }
type Delay = { delaySeconds?: number }
type QueueLike = { send(body: OutboxMessage, options?: Delay): Promise<void>; sendBatch(messages: Array<{ body: OutboxMessage }>): Promise<void> }
type MessageLike = { readonly body: OutboxMessage; readonly attempts: number; ack(): void; retry(options?: Delay): void }

const TABLES: readonly OutboxTable[] = ['leads', 'clicks']
/** Per table and minute; more wait for the next minute. */
const CRON_BATCH = 1_000
/** A queue's most per sendBatch call. */
const SEND_BATCH = 100
const seconds = (ms: number) => Math.ceil(ms / 1_000)

/** The bindings wrangler.jsonc declares, and the settings passed as vars or secrets. */
export interface Env {
  ASSETS: { fetch: (request: Request) => Promise<Response> }
  DB: D1Like
  OUTBOX: QueueLike
  /** content/site.json's siteUrl is not readable here. */
  SITE_URL: string
  /** The Node server's variables (server/settings.ts). */
  [setting: string]: unknown
}

// Made once per isolate, whose bindings never change. A wrong setting fails every request with the Node server's message.
let services: ReturnType<typeof makeServices> | undefined
const servicesOf = (env: Env) => (services ??= makeServices(env))
function makeServices(env: Env) {
  const store = Store.fromDatabase(d1Database(env.DB))
  const vars = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  const timeoutMs = outboxTimeoutFromEnv(vars)
  const outbox = new Outbox(store, webhooksFromEnv(vars), { timeoutMs })
  const enqueue = async (table: OutboxTable, id: number, delayMs = 0) => {
    if (!outbox.isConfigured(table)) return
    try {
      await env.OUTBOX.send({ table, id }, delayMs > 0 ? { delaySeconds: seconds(delayMs) } : undefined)
    } catch (error) {
      console.error(`outbox: could not enqueue ${table} ${id} (the Cron Trigger will):`, (error as Error).message)
    }
  }
  const port: OutboxPort = {
    stored: enqueue,
    // Sent now, as on Node (the affiliate click); a failed send is queued for its retry.
    async deliverNow(table, id, timeoutMs) {
      const result = await outbox.deliverNow(table, id, timeoutMs)
      if (!result.ok && result.claimed !== false) await enqueue(table, id, retryDelay(1) + 1_000)
      return result
    },
  }
  const api = new Hono().route(API_PREFIX, createApi({ store, outbox: port, trustedHops: 1, siteOrigin: env.SITE_URL, formPage: () => BUILT_FORM_PAGE }))
  return { api, store, outbox, queue: env.OUTBOX, timeoutMs, retentionDays: leadRetentionDays(vars) }
}

const app = new Hono<{ Bindings: Env }>()

/** The hourly Cron Trigger of wrangler.jsonc; the other, every minute, is the outbox's. */
const RETENTION_CRON = '17 * * * *'

// The Worker's own answers (redirects, the API's) carry the Node server's headers; being no page, none of the build's inline hashes.
const OWN_HEADERS = responseHeaders({ script: [], style: [] })

/** The pages' policy, with their inline hashes, read from the home page once per isolate. */
let pagePolicyRead: Promise<string | null> | undefined
const pagePolicy = (env: Env, url: string) =>
  (pagePolicyRead ??= env.ASSETS.fetch(new Request(new URL('/', url))).then(
    (page) => page.headers.get('content-security-policy'),
    () => null,
  ))

// Cloudflare's CF-Connecting-IP, which no client can set, is the only address read: as X-Forwarded-For with one trusted hop.
app.all(`${API_PREFIX}/*`, async (c) => {
  const headers = new Headers(c.req.raw.headers)
  headers.delete('x-forwarded-for')
  const address = c.req.header('cf-connecting-ip')
  if (address) headers.set('x-forwarded-for', address)
  const response = await servicesOf(c.env).api.fetch(new Request(c.req.raw, { headers }), c.env, c.executionCtx)
  const answer = new Response(response.body, response)
  // A page the API answers with (a refused form post) gets the pages' policy, with its inline stylesheet's hash.
  if (answer.headers.get('content-type')?.startsWith('text/html')) {
    const policy = await pagePolicy(c.env, c.req.url)
    if (policy) answer.headers.set('Content-Security-Policy', policy)
  }
  for (const [name, value] of Object.entries(OWN_HEADERS)) if (!answer.headers.has(name)) answer.headers.set(name, value)
  return answer
})

/** The 404 page with status 404, as the assets answer a path not built. */
const notFoundPage = (c: Context<{ Bindings: Env }>) => c.env.ASSETS.fetch(new Request(new URL('/.not-found', c.req.url), c.req.raw))

// Another spelling of a page's URL (`/blog/`, `/blog.html`): the Node server's 308, where the assets would send a 307.
app.use('*', async (c, next) => {
  const url = new URL(c.req.url)
  // No page's path: the 404 page, as on the Node server, where a shell route or a redirect would answer.
  if (hasControlCharacter(url.pathname)) return notFoundPage(c)
  const target = canonicalPath(url.pathname, url.search)
  if (target) return new Response(null, { status: CANONICAL_REDIRECT_STATUS, headers: { ...OWN_HEADERS, Location: target } })
  await next()
})

// A page that carries the free-score form gets the form-timing cookie, as from the Node server; `private`, since it is per visitor.
for (const path of FORM_PAGE_PATHS)
  app.get(path, async (c) => {
    const page = await c.env.ASSETS.fetch(c.req.raw)
    if (page.status !== 200 || !page.headers.get('content-type')?.startsWith('text/html')) return page
    const html = new Uint8Array(await page.arrayBuffer())
    const headers = new Headers(page.headers)
    if (carriesScoreForm(html)) {
      headers.append('Set-Cookie', formTimingCookie(Date.now(), new URL(c.req.url).protocol === 'https:'))
      headers.set('Cache-Control', CACHE_CONTROL.formPage)
    }
    return new Response(html, { status: page.status, headers })
  })

// The 404 page's own URLs answer 404, as on the Node server (the assets alone would serve /404 with 200).
for (const path of NOT_FOUND_PATHS) app.get(path, notFoundPage)

// A markdown twin that was never built gets the 404 page as HTML, not `_headers`' text/markdown for its path.
app.all('*', async (c) => {
  const response = await c.env.ASSETS.fetch(c.req.raw)
  if (response.status !== 404 || !c.req.path.endsWith('.md')) return response
  const headers = new Headers(response.headers)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  headers.delete('X-Robots-Tag')
  return new Response(response.body, { status: 404, headers })
})

export default {
  fetch: app.fetch,
  /** The outbox queue's consumer: a record not due (delivered, or waiting for a later attempt the Cron Trigger will enqueue) is acknowledged. */
  async queue(batch: { messages: readonly MessageLike[] }, env: Env): Promise<void> {
    const { outbox, timeoutMs } = servicesOf(env)
    await Promise.all(
      batch.messages.map(async (message) => {
        const { table, id } = message.body
        if (!TABLES.includes(table) || !Number.isInteger(id)) return message.ack()
        const result = await outbox.deliverNow(table, id, timeoutMs)
        if (result.ok || result.claimed === false) message.ack()
        // A second after the record's own next attempt (stored by the failed send), so it is due when the message returns.
        else message.retry({ delaySeconds: seconds(retryDelay(message.attempts)) + 1 })
      }),
    )
  },
  /** The Cron Triggers: every minute, every due record goes back on the queue; every hour, the retention pass. */
  async scheduled(controller: { cron: string; scheduledTime: number }, env: Env): Promise<void> {
    const { outbox, store, queue, retentionDays } = servicesOf(env)
    if (controller.cron === RETENTION_CRON) return retentionPass(store, controller.scheduledTime, retentionDays)
    let enqueued = 0
    for (const table of TABLES.filter((table) => outbox.isConfigured(table))) {
      const ids = await store.dueIds(table, Date.now(), CRON_BATCH)
      for (let start = 0; start < ids.length; start += SEND_BATCH)
        await queue.sendBatch(ids.slice(start, start + SEND_BATCH).map((id) => ({ body: { table, id } })))
      enqueued += ids.length
    }
    if (enqueued > 0) console.log(`outbox: ${enqueued} due record(s) put back on the queue`)
  },
}
