// The /api routes: `createApi` puts every check in front of each endpoint (server/endpoints.ts), so a new one cannot skip one.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { z } from 'zod'
import { distDir } from '../lib/node/paths.server'
import { loadSite } from '../lib/node/site.server'
import { FORM_PAGE_FILE, type FormPage } from '../lib/universal/form-page'
import { isLoopbackHost } from '../lib/universal/loopback'
import { CACHE_CONTROL } from '../lib/universal/routes'
import { clientKey } from './client-address'
import { ENDPOINTS } from './endpoints'
import type { OutboxPort } from './outbox'
import { RateLimiter } from './rate-limit'
import type { Store } from './store'

export interface EndpointContext {
  c: Context
  store: Store
  outbox: OutboxPort
  now: () => number
  /** How the body came: JSON (the hydrated page, other clients) or a plain HTML form post (answer with a page or a redirect). */
  via: 'json' | 'form'
  client: string
}

export type BodyProblem = { error: string; field?: string }

export interface Endpoint<Body extends z.ZodType = z.ZodType> {
  path: `/${string}`
  rateLimit: { requests: number; windowMs: number }
  /** Its first issue is what the client gets, so give every field a message a person can act on. */
  body: Body
  /** Set to also take a form post (no JavaScript; first value of a repeated name), and answer a refused one (400, or 403 with no value kept) with `page`. */
  formRefused?(c: Context, values: Record<string, string>, problem: BodyProblem, status: 400 | 403, page: FormPage): Response
  /** Answer only after the record is stored. */
  handle(body: z.output<Body>, context: EndpointContext): Response | Promise<Response>
}

export interface ApiOptions {
  store: Store
  outbox: OutboxPort
  now?: () => number
  trustedHops?: number
  endpoints?: readonly Endpoint[]
  /** SITE_URL (or content/site.json's siteUrl) by default. */
  siteOrigin?: string
  formPage?: () => FormPage
}

const MAX_BODY_BYTES = 4 * 1024
const JSON_TYPE = 'application/json'
const FORM_TYPE = 'application/x-www-form-urlencoded'

export const CROSS_SITE_MESSAGE = 'This form can only be sent from our own pages. Please open the page again and send it from there.'

// Every answer of the API, refusals and errors too, is one visitor's: never stored by a browser or a proxy. The Node server without an API uses this alone.
export const apiNotFound = (c: Context) => c.json({ error: `No API endpoint ${c.req.method} ${c.req.path}.` }, 404, { 'Cache-Control': CACHE_CONTROL.live })

function formPageFromDist(dir = distDir()): () => FormPage {
  let read: FormPage | undefined
  return () => {
    if (read) return read
    const file = join(dir, FORM_PAGE_FILE)
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`)
    return (read = JSON.parse(readFileSync(file, 'utf8')) as FormPage)
  }
}

// Another site's page could post leads through its visitors' browsers (each a new address for the rate limit). A request with
// neither header is no browser page's; another site's page never names a loopback host, so the loopback origin asked is ours.
function isCrossSite(c: Context, siteOrigin: string): boolean {
  if (c.req.header('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return true
  const origin = c.req.header('origin')?.trim().toLowerCase()
  if (origin === undefined || origin === siteOrigin) return false
  const served = new URL(c.req.url)
  return !(isLoopbackHost(served.hostname) && origin === served.origin)
}

function clientAddress(c: Context, trustedHops: number): string {
  let remote: string | undefined
  try {
    remote = getConnInfo(c).remote.address
  } catch {
    // No Node socket (the Worker, a test): only X-Forwarded-For can say.
  }
  return clientKey({ remote, forwardedFor: c.req.header('x-forwarded-for'), trustedHops })
}

async function readObject(c: Context): Promise<Record<string, unknown> | undefined> {
  const body: unknown = await c.req.json().catch(() => undefined)
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
}

async function readForm(c: Context): Promise<Record<string, string>> {
  const values = new Map<string, string>()
  for (const [name, value] of new URLSearchParams(await c.req.text())) if (!values.has(name)) values.set(name, value)
  return Object.fromEntries(values)
}

const mediaType = (c: Context) => (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()

function fieldError(error: z.ZodError): BodyProblem {
  const issue = error.issues[0]
  if (!issue) return { error: 'The request body is not valid.' }
  return issue.path.length > 0 ? { error: issue.message, field: issue.path.map(String).join('.') } : { error: issue.message }
}

export function createApi(options: ApiOptions) {
  const { store, outbox, now = Date.now, trustedHops = 0, endpoints = ENDPOINTS } = options
  const siteOrigin = options.siteOrigin ?? loadSite().siteUrl
  const formPage = options.formPage ?? formPageFromDist()
  const api = new Hono()
  api.use(async (c, next) => {
    await next()
    c.header('Cache-Control', CACHE_CONTROL.live)
  })
  api.onError((error, c) => {
    console.error('api:', error)
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500)
  })
  const paths = new Set<string>()
  // The rate limit counts every POST from a page of the site, refused or not; other methods and sites' posts cost no database write.
  for (const endpoint of endpoints) {
    if (paths.has(endpoint.path)) throw new Error(`Two API endpoints are declared at ${endpoint.path}.`)
    paths.add(endpoint.path)
    const limiter = new RateLimiter(store, endpoint.path, endpoint.rateLimit.requests, endpoint.rateLimit.windowMs)
    const takesForm = (c: Context) => endpoint.formRefused !== undefined && mediaType(c) === FORM_TYPE
    const clients = new WeakMap<Context, string>()
    api.all(
      endpoint.path,
      async (c, next) => {
        if (c.req.method !== 'POST') return c.json({ error: 'Use POST.' }, 405, { Allow: 'POST' })
        if (isCrossSite(c, siteOrigin)) {
          if (takesForm(c)) return endpoint.formRefused!(c, {}, { error: CROSS_SITE_MESSAGE }, 403, formPage())
          return c.json({ error: CROSS_SITE_MESSAGE }, 403)
        }
        const client = clientAddress(c, trustedHops)
        clients.set(c, client)
        const retryAfter = await limiter.hit(client, now())
        if (retryAfter > 0) return c.json({ error: 'Too many requests. Please wait and try again.' }, 429, { 'Retry-After': String(retryAfter) })
        if (mediaType(c) !== JSON_TYPE && !takesForm(c)) {
          const form = endpoint.formRefused ? ` or a form (Content-Type: ${FORM_TYPE})` : ''
          return c.json({ error: `Send JSON (Content-Type: ${JSON_TYPE})${form}.` }, 415)
        }
        await next()
      },
      bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: `The request body is over ${MAX_BODY_BYTES} bytes.` }, 413) }),
      async (c) => {
        const form = takesForm(c)
        const values = form ? await readForm(c) : await readObject(c)
        if (!values) return c.json({ error: 'The request body must be a JSON object.' }, 400)
        const parsed = await endpoint.body.safeParseAsync(values)
        if (parsed.success) return endpoint.handle(parsed.data, { store, outbox, now, c, via: form ? 'form' : 'json', client: clients.get(c)! })
        const problem = fieldError(parsed.error)
        return form ? endpoint.formRefused!(c, values as Record<string, string>, problem, 400, formPage()) : c.json(problem, 400)
      },
    )
  }
  // A route, not api.notFound: Hono never calls a mounted app's notFound (the Worker's answered its own text 404).
  api.all('*', apiNotFound)
  return api
}
