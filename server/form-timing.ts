// How long a visitor had the free-score form before posting it without JavaScript (the hydrated form counts it itself): each
// page with the form sets a cookie holding when it was served, signed so a client cannot move it back. A post without it is let through.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import { API_PREFIX } from '../lib/universal/routes'

/** The only path the cookie is sent to: pages and assets never carry it. */
const FORM_TIMING_PATH = `${API_PREFIX}/score`
export const FORM_TIMING_COOKIE = 'form_served'
/** The cookie only matters for the first seconds, and must outlive any time a visitor takes to fill the form. */
const MAX_AGE_S = 24 * 60 * 60

type Key = string | Buffer

// FORM_TIMING_SECRET, else random bytes, which verify only this process's cookies (another's counts as missing, so let through).
// Drawn at first use: a Worker may not draw random bytes at global scope.
let drawnKey: Key | undefined
const defaultKey = (): Key => (drawnKey ??= process.env.FORM_TIMING_SECRET || randomBytes(32))

const signature = (value: string, key: Key) => createHmac('sha256', key).update(value).digest('base64url')

export function signServedAt(servedAt: number, key: Key = defaultKey()): string {
  const value = String(servedAt)
  return `${value}.${signature(value, key)}`
}

export function verifyServedAt(signed: string, key: Key = defaultKey()): number | undefined {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(signed)
  if (!match) return undefined
  const value = match[1]!
  return timingSafeEqual(Buffer.from(match[2]!), Buffer.from(signature(value, key))) ? Number(value) : undefined
}

/** Secure only over HTTPS (a browser drops a Secure cookie set over plain HTTP): it holds a signed time, not a secret. */
export function formTimingCookie(servedAt: number, secure: boolean, key: Key = defaultKey()): string {
  return generateCookie(FORM_TIMING_COOKIE, signServedAt(servedAt, key), { path: FORM_TIMING_PATH, httpOnly: true, sameSite: 'Lax', maxAge: MAX_AGE_S, secure })
}

export function msSincePageServed(c: Context, now: number, key: Key = defaultKey()): number | undefined {
  const cookie = getCookie(c, FORM_TIMING_COOKIE)
  const servedAt = cookie === undefined ? undefined : verifyServedAt(cookie, key)
  return servedAt !== undefined && servedAt <= now ? now - servedAt : undefined
}

const FORM_MARKER = Buffer.from(`action="${FORM_TIMING_PATH}"`)

/** Found in the page itself, so no list of such pages can fall behind the site. */
export const carriesScoreForm = (html: Uint8Array) => Buffer.from(html.buffer, html.byteOffset, html.byteLength).includes(FORM_MARKER)
