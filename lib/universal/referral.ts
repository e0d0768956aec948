// Referral codes: where a code comes from, and how long the browser keeps it.

export const REFERRAL_STORAGE_KEY = 'al_referral'
const REFERRAL_COOKIE = 'al_ref'
/** 90 days, as stored. */
export const REFERRAL_TTL_MS = 7_776_000_000

const REF_CODE = /^[A-Za-z0-9_-]{1,64}$/
const REF_PATH = /^\/r\/([^/]+)\/?$/

/** The one shape a referral code may have, checked before it is stored, sent or trusted. */
export function isValidRefCode(code: unknown): code is string {
  return typeof code === 'string' && REF_CODE.test(code)
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/** The code in `/r/{code}` (one segment, optional trailing slash), or null when absent or invalid. */
export function refCodeFromPath(pathname: string): string | null {
  const segment = REF_PATH.exec(pathname)?.[1]
  if (segment === undefined) return null
  const code = safeDecode(segment)
  return isValidRefCode(code) ? code : null
}

/** Remembers a valid code for 90 days from `now`; a full or disabled storage must not break the redirect. */
export function storeReferral(storage: Pick<Storage, 'setItem'>, code: string, now: number): void {
  if (!isValidRefCode(code)) return
  try {
    storage.setItem(REFERRAL_STORAGE_KEY, JSON.stringify({ ref_code: code, expiresAt: now + REFERRAL_TTL_MS }))
  } catch {
    // Private mode or quota: the referral simply is not remembered.
  }
}

/** The stored code while it is still valid at `now`; anything missing, malformed or expired reads as null. */
export function readStoredReferral(storage: Pick<Storage, 'getItem'>, now: number): string | null {
  let stored: unknown
  try {
    const raw = storage.getItem(REFERRAL_STORAGE_KEY)
    if (raw === null) return null
    stored = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof stored !== 'object' || stored === null) return null
  const { ref_code: code, expiresAt } = stored as { ref_code?: unknown; expiresAt?: unknown }
  if (!isValidRefCode(code) || typeof expiresAt !== 'number' || !(expiresAt > now)) return null
  return code
}

/** One cookie's value from a `Cookie` header (`a=1; b=2`), percent-decoded when possible; skips malformed parts. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue
    let value = part.slice(eq + 1).trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    return safeDecode(value) ?? value
  }
  return null
}

/** What the browser knows of the visit: the query, localStorage (null when unavailable), `document.cookie`, the time. */
export type VisitSources = { search: URLSearchParams; storage: Pick<Storage, 'getItem'> | null; cookie: string; now: number }

/** The visitor's referral code in this order: `?ref`, `?ref_code`, stored referral, `al_ref` cookie; invalid ones skipped. */
export function resolveRefCode(sources: VisitSources): string | null {
  const { search, storage, cookie, now } = sources
  const candidates = [
    () => search.get('ref'),
    () => search.get('ref_code'),
    () => (storage === null ? null : readStoredReferral(storage, now)),
    () => readCookie(cookie, REFERRAL_COOKIE),
  ]
  for (const candidate of candidates) {
    const code = candidate()
    if (isValidRefCode(code)) return code
  }
  return null
}
