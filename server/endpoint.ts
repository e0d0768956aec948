import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { z } from 'zod'
import type { OutboxPort } from './outbox'
import { RateLimiter } from './rate-limit'
import { crossSiteRefusal } from './same-origin'
import type { Store } from './store'
import { clientKey } from './client-address'

// An API endpoint is data: its path, its rate limit, the schema of its body and what it does with a
// valid body. `mountEndpoint` adds every check in front of the handler, so a new endpoint cannot
// skip one: method (405), another site's page (403), rate limit (429), JSON (415), size (413), an object
// (400), the schema (400).
// An endpoint that declares `form` also takes a plain HTML form post (the page without JavaScript).

/** What a handler may use besides the parsed body. */
export interface EndpointContext {
  c: Context
  store: Store
  outbox: OutboxPort
  now: () => number
  /** How the body came: JSON (the hydrated page, other clients) or a plain HTML form post (answer with a page or a redirect). */
  via: 'json' | 'form'
  /** The key the rate limits count the client under (its address). */
  client: string
}

/** What a refused body is answered with: the first problem, with the field it is about when it has one. */
export interface BodyProblem {
  error: string
  field?: string
}

export interface Endpoint<Body extends z.ZodType = z.ZodType> {
  /** The path under /api, e.g. `/score`; it answers POST only. */
  path: `/${string}`
  /** At most `requests` per client address in each window of `windowMs` (a fixed window). */
  rateLimit: { requests: number; windowMs: number }
  /**
   * The body's schema. Its first issue is what the client gets: `{error: issue.message, field: issue.path}`,
   * so give every field a message a person can act on. Unknown fields are dropped (z.object's default).
   */
  body: Body
  /**
   * Also accept `application/x-www-form-urlencoded` (a form posted by a browser without JavaScript): the same
   * schema runs on its fields (text; the first value of a repeated name), and a refused one is answered by `invalid`.
   */
  form?: {
    /**
     * The answer to a form the schema refused (400): a page showing `problem.error` with the values sent
     * kept; or to a form posted from another site's page (403), with no value kept.
     */
    invalid(c: Context, values: Record<string, string>, problem: BodyProblem, status?: 400 | 403): Response | Promise<Response>
  }
  /** Runs only on a body the schema accepted; answer only after the record is stored. */
  handle(body: z.output<Body>, context: EndpointContext): Response | Promise<Response>
}

/** Declares an endpoint, typing the handler's body from the schema. */
export function defineEndpoint<Body extends z.ZodType>(endpoint: Endpoint<Body>): Endpoint {
  return endpoint
}

const MAX_BODY_BYTES = 4 * 1024

export interface MountOptions extends Omit<EndpointContext, 'c' | 'via' | 'client'> {
  /** How many proxies in front of the server to trust for the client's address (TRUST_PROXY); 0 reads only the connection. */
  trustedHops: number
  /** The site's canonical origin (SITE_URL): a browser page of any other origin may not post (server/same-origin.ts). */
  siteOrigin: string
}

/** What a browser is told when a page of another site posted to the API. */
export const CROSS_SITE_MESSAGE = 'This form can only be sent from our own pages. Please open the page again and send it from there.'

/** The key the rate limits count the client under (server/client-address.ts). */
function clientAddress(c: Context, trustedHops: number): string {
  let remote: string | undefined
  try {
    remote = getConnInfo(c).remote.address
  } catch {
    // No socket (a request made in a test): only X-Forwarded-For can say.
  }
  return clientKey({ remote, forwardedFor: c.req.header('x-forwarded-for'), trustedHops })
}

/** The body parsed as JSON when it is an object (not an array, not null), else undefined. */
async function readObject(c: Context): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await c.req.json()
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** The body's fields as text, from an urlencoded form; the first value of a name sent twice wins. */
async function readForm(c: Context): Promise<Record<string, string>> {
  const values = new Map<string, string>()
  for (const [name, value] of new URLSearchParams(await c.req.text())) if (!values.has(name)) values.set(name, value)
  return Object.fromEntries(values)
}

const JSON_TYPE = 'application/json'
const FORM_TYPE = 'application/x-www-form-urlencoded'

/** The media type of a Content-Type header, in lower case and without its parameters (`; charset=utf-8`). */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase()
}

/** The client's answer for a refused body: the first issue, with the field it is about when it has one. */
function fieldError(error: z.ZodError): BodyProblem {
  const issue = error.issues[0]
  if (!issue) return { error: 'The request body is not valid.' }
  return issue.path.length > 0 ? { error: issue.message, field: issue.path.map(String).join('.') } : { error: issue.message }
}

/**
 * Adds one endpoint to `api` with every check in front of its handler, in this order. The rate limit
 * comes before the checks of the body, so it counts every POST from a page of the site (or no page),
 * refused or not; other methods and other sites' posts are refused before it, at no database write.
 */
export function mountEndpoint(api: Hono, endpoint: Endpoint, { trustedHops, siteOrigin, ...context }: MountOptions): void {
  const limiter = new RateLimiter(context.store, endpoint.path, endpoint.rateLimit.requests, endpoint.rateLimit.windowMs)
  /** Each request's client key, from the check that counts it to the handler. */
  const clients = new WeakMap<Context, string>()
  api.all(
    endpoint.path,
    async (c, next) => {
      if (c.req.method !== 'POST') return c.json({ error: 'Use POST.' }, 405, { Allow: 'POST' })
      if (crossSiteRefusal(c, siteOrigin) !== undefined) {
        if (endpoint.form && mediaType(c.req.header('content-type')) === FORM_TYPE) return endpoint.form.invalid(c, {}, { error: CROSS_SITE_MESSAGE }, 403)
        return c.json({ error: CROSS_SITE_MESSAGE }, 403)
      }
      // Computed once: the limiter counts the client under it, and the handler gets it (EndpointContext.client).
      const client = clientAddress(c, trustedHops)
      clients.set(c, client)
      const retryAfter = await limiter.hit(client, context.now())
      if (retryAfter > 0) return c.json({ error: 'Too many requests. Please wait and try again.' }, 429, { 'Retry-After': String(retryAfter) })
      const type = mediaType(c.req.header('content-type'))
      if (type !== JSON_TYPE && !(endpoint.form && type === FORM_TYPE)) {
        const error = endpoint.form
          ? `Send JSON (Content-Type: ${JSON_TYPE}) or a form (Content-Type: ${FORM_TYPE}).`
          : `Send JSON (Content-Type: ${JSON_TYPE}).`
        return c.json({ error }, 415)
      }
      await next()
    },
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: `The request body is over ${MAX_BODY_BYTES} bytes.` }, 413) }),
    async (c) => {
      if (endpoint.form && mediaType(c.req.header('content-type')) === FORM_TYPE) {
        const values = await readForm(c)
        const parsed = await endpoint.body.safeParseAsync(values)
        if (!parsed.success) return endpoint.form.invalid(c, values, fieldError(parsed.error))
        return endpoint.handle(parsed.data, { ...context, c, via: 'form', client: clients.get(c)! })
      }
      const body = await readObject(c)
      if (!body) return c.json({ error: 'The request body must be a JSON object.' }, 400)
      const parsed = await endpoint.body.safeParseAsync(body)
      if (!parsed.success) return c.json(fieldError(parsed.error), 400)
      return endpoint.handle(parsed.data, { ...context, c, via: 'json', client: clients.get(c)! })
    },
  )
}
