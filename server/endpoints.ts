// The site's API endpoints. Their schemas live here, not in lib/universal: zod would push the pages past their JavaScript budget.
import type { Context } from 'hono'
import { z } from 'zod'
import { SESSION_ID_MAX, UTM_MAX, readUtm } from '../lib/universal/attribution'
import { RETURN_QUERY_FIELD, confirmationUrl, keptQuery } from '../lib/universal/confirmation'
import { fillFormPage } from '../lib/universal/form-page'
import { HONEYPOT_FIELD, LEAD_FIELDS, leadDedupeKey, spreadsheetSafe, storedLead, validateLead, type LeadField } from '../lib/universal/lead'
import { isValidRefCode } from '../lib/universal/referral'
import { clip } from '../lib/universal/text'
import type { Endpoint } from './api'
import { msSincePageServed } from './form-timing'

export const defineEndpoint = <Body extends z.ZodType>(endpoint: Endpoint<Body>): Endpoint => endpoint

/** How long the referral page waits for the affiliate webhook's answer; past it the click is left to the outbox. */
const AFFILIATE_RELAY_MS = 3_000
const GA_CLIENT_ID_MAX = 64
const REF_CODE_RULE = 'ref_code must be 1 to 64 letters, digits, _ or -'
/** A click's User-Agent: refused past it in the body, cut to it from the header. */
export const USER_AGENT_MAX = 512
/** A lead sent sooner than this after its page began loading (the hydrated form says when, or the page's cookie) is a bot's. */
export const MIN_FILL_MS = 3_000
export const LEAD_DEDUPE_MS = 24 * 60 * 60_000

export const trappedLeads = { honeypot: 0, tooFast: 0 }
type Trap = keyof typeof trappedLeads

/** The hydrated form's own count (elapsed_ms) wins over the page's cookie, which a second tab would move; a missing count is not held against the lead. */
function leadTrap(filledHoneypot: boolean, elapsedMs: number | undefined): Trap | null {
  if (filledHoneypot) return 'honeypot'
  return elapsedMs !== undefined && !(elapsedMs >= MIN_FILL_MS) ? 'tooFast' : null
}

/** The query of the page that sent the form, as sent: the error page's hidden field, else a same-origin Referer's (not an /api one). */
function returnQuery(c: Context, fromForm: unknown): string {
  if (typeof fromForm === 'string') return fromForm
  const referer = c.req.header('referer')
  if (!referer || !URL.canParse(referer)) return ''
  const from = new URL(referer)
  return from.host !== new URL(c.req.url).host || from.pathname.startsWith('/api/') ? '' : from.search
}

function cleanUrl(text: string): string | null {
  const cleaned = spreadsheetSafe(text)
  if (cleaned === null || !URL.canParse(cleaned)) return null
  const { protocol } = new URL(cleaned)
  return protocol === 'http:' || protocol === 'https:' ? cleaned : null
}

const orNull = <T>(schema: z.ZodType<T>) => schema.nullish().transform((value) => value ?? null)

/** Blank is null; refused past `max` UTF-16 units: zod's `.max()` counts an emoji as one and would let longer values through. */
function optionalText(field: string, max: number, clean: (text: string) => string | null = spreadsheetSafe) {
  const text = z.string({ error: `${field} must be a string or null.` }).trim()
  return orNull(text.refine((value) => value.length <= max, { error: `${field} must be at most ${max} characters.` }).transform(clean))
}

/** Read as the referral page reads its own URL (cut, not refused, past UTM_MAX), then cleaned. */
function clickUtm(name: 'utm_source' | 'utm_medium' | 'utm_campaign') {
  return z.optional(z.unknown()).transform((value) => {
    const utm = typeof value === 'string' ? readUtm(new URLSearchParams([[name, value]]))[name] : null
    return utm === null ? null : spreadsheetSafe(utm)
  })
}

/** `validateLead`, the browser form's rules, so the client gets the form's own message; a client's `submitted_at` is ignored. */
const leadBody = z
  .object({
    ...(Object.fromEntries(LEAD_FIELDS.map((field) => [field, z.unknown().optional()])) as Record<LeadField, z.ZodOptional<z.ZodUnknown>>),
    [HONEYPOT_FIELD]: z.unknown().optional(),
    elapsed_ms: z.unknown().optional(),
    [RETURN_QUERY_FIELD]: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    const result = validateLead(body, { strictUrl: true })
    if (!result.ok) {
      ctx.issues.push({ code: 'custom', message: result.error, path: [result.field], input: body[result.field] })
      return z.NEVER
    }
    const honeypot = body[HONEYPOT_FIELD]
    return {
      lead: storedLead(result.lead),
      filledHoneypot: honeypot !== undefined && honeypot !== null && honeypot !== '',
      elapsedMs: typeof body.elapsed_ms === 'number' ? body.elapsed_ms : undefined,
      returnQuery: body[RETURN_QUERY_FIELD],
    }
  })

const clickBody = z.object({
  ref_code: z.custom<string>(isValidRefCode, { error: `${REF_CODE_RULE}.` }),
  user_agent: optionalText('user_agent', USER_AGENT_MAX),
  referer: optionalText('referer', 2048, cleanUrl),
  ga_client_id: optionalText('ga_client_id', GA_CLIENT_ID_MAX),
  utm_source: clickUtm('utm_source'),
  utm_medium: clickUtm('utm_medium'),
  utm_campaign: clickUtm('utm_campaign'),
})

/** Over-long values are refused: the thank-you page never sends them. */
const conversionBody = z.object({
  session_id: optionalText('session_id', SESSION_ID_MAX),
  ga_client_id: optionalText('ga_client_id', GA_CLIENT_ID_MAX),
  utm_source: optionalText('utm_source', UTM_MAX),
  utm_medium: optionalText('utm_medium', UTM_MAX),
  utm_campaign: optionalText('utm_campaign', UTM_MAX),
  ref_code: orNull(z.custom<string>(isValidRefCode, { error: `${REF_CODE_RULE}, or null.` })),
})

export const ENDPOINTS: readonly Endpoint[] = [
  defineEndpoint({
    path: '/score',
    rateLimit: { requests: 10, windowMs: 10 * 60_000 },
    body: leadBody,
    // The form page with the values typed and the message, at /api/score so no URL carries them.
    formRefused: (c, values, problem, status, page) =>
      c.html(fillFormPage(page, values, problem, keptQuery(returnQuery(c, values[RETURN_QUERY_FIELD]))), status),
    // A trapped or repeated lead gets the answer a stored one gets, so a bot learns nothing from it.
    async handle({ lead, filledHoneypot, elapsedMs, returnQuery: query }, { c, store, outbox, now, via, client }) {
      const answer = () => (via === 'form' ? c.redirect(confirmationUrl(returnQuery(c, query)), 303) : c.json({ status: 'ok' }, 202))
      const trap = leadTrap(filledHoneypot, elapsedMs ?? msSincePageServed(c, now()))
      if (trap) {
        trappedLeads[trap]++
        console.warn(`api: lead not stored (${trap}); ${JSON.stringify(trappedLeads)} since start`)
        return answer()
      }
      const stored = { ...lead, submitted_at: new Date(now()).toISOString() }
      const id = await store.addLeadOnce(stored, now(), { key: leadDedupeKey(lead), windowMs: LEAD_DEDUPE_MS, client })
      if (id !== null) await outbox.stored('leads', id)
      return answer()
    },
  }),

  defineEndpoint({
    path: '/affiliate-click',
    rateLimit: { requests: 60, windowMs: 60_000 },
    body: clickBody,
    async handle(click, { c, store, outbox, now }) {
      const userAgent = click.user_agent ?? spreadsheetSafe(clip(c.req.header('user-agent') ?? '', USER_AGENT_MAX))
      const id = await store.addClick({ ...click, user_agent: userAgent }, now())
      const sent = await outbox.deliverNow('clicks', id, AFFILIATE_RELAY_MS)
      // The webhook's own status is relayed; an unreachable webhook is a non-ok status (the click stays queued).
      return c.json({ status: sent.ok ? (sent.status ?? 'ok') : 'unavailable' }, sent.ok ? 200 : 202)
    },
  }),

  defineEndpoint({
    path: '/conversion',
    rateLimit: { requests: 60, windowMs: 60_000 },
    body: conversionBody,
    async handle(record, { c, store, now }) {
      const stored = await store.addConversion(record, now())
      return c.json({ status: 'ok', duplicate: !stored }, 202)
    },
  }),
]
