import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import { API_PREFIX } from '../lib/universal/routes'

// How long a visitor had the free-score form before sending it, when the form was posted without JavaScript:
// the hydrated form counts it itself (elapsed_ms), a plain form post carries no time. So every page that
// carries the form sets a cookie holding the time it was served, signed so that a client cannot move it
// back, and POST /api/score reads it (server/endpoints.ts). A visitor whose browser refuses cookies sends
// none, and is let through as before.

/** The form's endpoint, the only path the cookie is sent to: pages and assets never carry it. */
export const FORM_TIMING_PATH = `${API_PREFIX}/score`
export const FORM_TIMING_COOKIE = 'form_served'
/** A day: the cookie only matters for the first seconds, and must outlive any time a visitor takes to fill the form. */
const MAX_AGE_S = 24 * 60 * 60

type Key = string | Buffer

/**
 * FORM_TIMING_SECRET, else 32 random bytes drawn as the process first needs it. A random key verifies only the
 * cookies of the process that drew it: behind several processes, or after a restart, a cookie set by
 * another one fails to verify and counts as missing, so its lead is let through, never trapped. Give every
 * process the same FORM_TIMING_SECRET for each to check the others' cookies.
 */
let drawnKey: Key | undefined
/** Drawn at first use, not as the module loads: a Worker (worker/index.ts) may not draw random bytes at global scope. */
function defaultKey(): Key {
  drawnKey ??= process.env.FORM_TIMING_SECRET || randomBytes(32)
  return drawnKey
}

function signature(value: string, key: Key): string {
  return createHmac('sha256', key).update(value).digest('base64url')
}

/** `<epoch ms>.<its HMAC-SHA256, base64url>`: the cookie's value. */
export function signServedAt(servedAt: number, key: Key = defaultKey()): string {
  const value = String(servedAt)
  return `${value}.${signature(value, key)}`
}

/** The time in a signed value, or undefined when the value is malformed or was not signed with `key`. */
export function verifyServedAt(signed: string, key: Key = defaultKey()): number | undefined {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(signed)
  if (!match) return undefined
  const value = match[1]!
  return timingSafeEqual(Buffer.from(match[2]!), Buffer.from(signature(value, key))) ? Number(value) : undefined
}

/** The Set-Cookie header of a page served at `servedAt`. Secure only over HTTPS: a browser drops a Secure cookie set over plain HTTP. */
export function formTimingCookie(servedAt: number, secure: boolean, key: Key = defaultKey()): string {
  return generateCookie(FORM_TIMING_COOKIE, signServedAt(servedAt, key), { path: FORM_TIMING_PATH, httpOnly: true, sameSite: 'Lax', maxAge: MAX_AGE_S, secure })
}

/**
 * How many ms before `now` the page that sent this request was served, by its cookie; undefined when there is
 * no cookie, it does not verify, or its time is after `now` (another process's clock ahead of this one's:
 * the time cannot be judged, so it is not held against the visitor).
 */
export function msSincePageServed(c: Context, now: number, key: Key = defaultKey()): number | undefined {
  const cookie = getCookie(c, FORM_TIMING_COOKIE)
  const servedAt = cookie === undefined ? undefined : verifyServedAt(cookie, key)
  return servedAt !== undefined && servedAt <= now ? now - servedAt : undefined
}

/** In the HTML of every page that carries the free-score form: the form posts there. */
const FORM_MARKER = Buffer.from(`action="${FORM_TIMING_PATH}"`)

/**
 * True for a page that carries the form, found in the page itself, so no list of such pages can fall behind
 * the site (the form is on the home page, which /dashboard paths serve too). The site server reads each
 * page once (server/site-file-cache.ts) and sets the cookie on every whole GET of such a page (not a
 * HEAD, a range or a precompressed copy), sent `private`: see CACHE_CONTROL.formPage. The request is HTTPS
 * only when this server terminates TLS itself; behind a proxy that does, the cookie goes without Secure,
 * which costs little: it holds a signed time, not a secret.
 */
export function carriesScoreForm(html: Uint8Array): boolean {
  return Buffer.from(html.buffer, html.byteOffset, html.byteLength).includes(FORM_MARKER)
}
