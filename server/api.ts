import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { SESSION_ID_MAX, UTM_MAX, readUtm } from '../lib/shared/attribution'
import { LEAD_FIELDS, validateLead } from '../lib/shared/lead'
import { isValidRefCode } from '../lib/shared/referral'
import type { Outbox } from './outbox'
import { RateLimiter } from './rate-limit'
import type { Store } from './store'

// POST /api/score, /api/affiliate-click, /api/conversion: validate, store, then answer.

export interface ApiOptions {
  store: Store
  outbox: Outbox
  now?: () => number
  /** Read the client address from X-Forwarded-For (only behind a trusted proxy: TRUST_PROXY=1). */
  trustProxy?: boolean
}

const MAX_BODY_BYTES = 4 * 1024
/** DESIGN.md: the browser waits for the affiliate webhook at most this long. */
const AFFILIATE_RELAY_MS = 3_000

type Json = Record<string, unknown>

function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** The JSON 404 for any /api path with no endpoint (also used by server/app.ts when no API is mounted). */
export const apiNotFound = (c: Context) => c.json({ error: `No API endpoint ${c.req.method} ${c.req.path}.` }, 404)

/** A string field, trimmed, or null when absent or empty; longer than `max` is an error. */
function optionalText(body: Json, field: string, max: number): { value: string | null } | { error: string } {
  const value = body[field]
  if (value === undefined || value === null) return { value: null }
  if (typeof value !== 'string') return { error: `${field} must be a string or null.` }
  const trimmed = value.trim()
  if (trimmed.length > max) return { error: `${field} must be at most ${max} characters.` }
  return { value: trimmed || null }
}

export function createApi({ store, outbox, now = Date.now, trustProxy = false }: ApiOptions) {
  const api = new Hono()
  const limits = {
    score: new RateLimiter(10, 10 * 60_000),
    'affiliate-click': new RateLimiter(60, 60_000),
    conversion: new RateLimiter(60, 60_000),
  }

  api.onError((error, c) => {
    console.error('api:', error)
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500)
  })
  api.notFound(apiNotFound)

  // JSON only, at most 4 KB, at most N requests per address.
  api.use('/:endpoint{score|affiliate-click|conversion}', async (c, next) => {
    if (c.req.method !== 'POST') return c.json({ error: 'Use POST.' }, 405, { Allow: 'POST' })
    const endpoint = c.req.param('endpoint') as keyof typeof limits
    const retryAfter = limits[endpoint].hit(clientAddress(c, trustProxy), now())
    if (retryAfter > 0) return c.json({ error: 'Too many requests. Please wait and try again.' }, 429, { 'Retry-After': String(retryAfter) })
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return c.json({ error: 'Send JSON (Content-Type: application/json).' }, 415)
    await next()
  })
  api.use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: `The request body is over ${MAX_BODY_BYTES} bytes.` }, 413) }))

  async function readBody(c: Context): Promise<Json | undefined> {
    try {
      const body: unknown = await c.req.json()
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : undefined
    } catch {
      return undefined
    }
  }
  const notAnObject = (c: Context) => c.json({ error: 'The request body must be a JSON object.' }, 400)

  api.post('/score', async (c) => {
    const body = await readBody(c)
    if (!body) return notAnObject(c)
    const result = validateLead(Object.fromEntries(LEAD_FIELDS.map((field) => [field, body[field]])), { strictUrl: true })
    if (!result.ok) return c.json({ error: result.error, field: result.field }, 400)
    const submittedAt = typeof body.submitted_at === 'string' && !Number.isNaN(Date.parse(body.submitted_at)) ? new Date(body.submitted_at).toISOString() : new Date(now()).toISOString()
    await store.addLead({ ...result.lead, submitted_at: submittedAt }, now())
    void outbox.flush()
    return c.json({ status: 'ok' }, 202)
  })

  api.post('/affiliate-click', async (c) => {
    const body = await readBody(c)
    if (!body) return notAnObject(c)
    if (!isValidRefCode(body.ref_code)) return c.json({ error: 'ref_code must be 1 to 64 letters, digits, _ or -.', field: 'ref_code' }, 400)
    const fields: Record<string, string | null> = {}
    for (const [field, max] of [['user_agent', 512], ['referer', 2048], ['ga_client_id', 64]] as const) {
      const parsed = optionalText(body, field, max)
      if ('error' in parsed) return c.json({ error: parsed.error, field }, 400)
      fields[field] = parsed.value
    }
    const utm = readUtm(new URLSearchParams(Object.entries(body).filter((entry): entry is [string, string] => entry[0].startsWith('utm_') && typeof entry[1] === 'string')))
    const id = await store.addClick(
      {
        ref_code: body.ref_code,
        user_agent: fields.user_agent ?? c.req.header('user-agent') ?? null,
        referer: fields.referer ?? null,
        ga_client_id: fields.ga_client_id ?? null,
        ...utm,
      },
      now(),
    )
    const sent = await outbox.deliverNow('clicks', id, AFFILIATE_RELAY_MS)
    // The webhook's own status is relayed; an unreachable webhook is a non-ok status (the click stays queued).
    return c.json({ status: sent.ok ? (sent.status ?? 'ok') : 'unavailable' }, sent.ok ? 200 : 202)
  })

  api.post('/conversion', async (c) => {
    const body = await readBody(c)
    if (!body) return notAnObject(c)
    const record: Record<string, string | null> = {}
    for (const [field, max] of [['session_id', SESSION_ID_MAX], ['ga_client_id', 64], ['utm_source', UTM_MAX], ['utm_medium', UTM_MAX], ['utm_campaign', UTM_MAX]] as const) {
      const parsed = optionalText(body, field, max)
      if ('error' in parsed) return c.json({ error: parsed.error, field }, 400)
      record[field] = parsed.value
    }
    const refCode = body.ref_code ?? null
    if (refCode !== null && !isValidRefCode(refCode)) return c.json({ error: 'ref_code must be 1 to 64 letters, digits, _ or -, or null.', field: 'ref_code' }, 400)
    const stored = await store.addConversion(
      {
        session_id: record.session_id ?? null,
        ref_code: refCode,
        ga_client_id: record.ga_client_id ?? null,
        utm_source: record.utm_source ?? null,
        utm_medium: record.utm_medium ?? null,
        utm_campaign: record.utm_campaign ?? null,
      },
      now(),
    )
    return c.json({ status: 'ok', duplicate: !stored }, 202)
  })

  return api
}
