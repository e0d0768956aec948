// Free-score form rules, shared by the browser form and POST /api/score.
import { FORMULA_START, HAS_UNSAFE_CHARACTER } from './text'

export const LEAD_FIELDS = ['first_name', 'linkedin_url', 'email'] as const
export type LeadField = (typeof LEAD_FIELDS)[number]

export interface Lead {
  first_name: string
  linkedin_url: string
  email: string
}

/** What the visitor is told when a field fails. */
export const LEAD_MESSAGES: Record<LeadField, string> = {
  first_name: 'Please enter your first name.',
  linkedin_url: 'Please enter a valid LinkedIn profile or company URL.',
  email: 'Please enter a valid email address.',
}

/** What the visitor is told when the send itself fails. */
export const SUBMIT_FAILED_MESSAGE = 'Something went wrong. Please try again.'

const MAX_LENGTH: Record<LeadField, number> = { first_name: 100, linkedin_url: 300, email: 254 }
const LINKEDIN_PATH = /linkedin\.com\/(in|company)\//i
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PROFILE_PATH = /^\/(in|company)\/[^/]+(\/.*)?$/i
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i

/** The name of the honeypot field: hidden from people and assistive technology, so only a bot fills it. */
export const HONEYPOT_FIELD = 'website'

/** The profile URL rule as an HTML `pattern`, for the browser's own check before the bundle runs. */
export const LINKEDIN_URL_PATTERN = '.*[Ll][Ii][Nn][Kk][Ee][Dd][Ii][Nn]\\.[Cc][Oo][Mm]/([Ii][Nn]|[Cc][Oo][Mm][Pp][Aa][Nn][Yy])/.*'

/** The server's stricter URL check: a real linkedin.com (or subdomain) `/in/<handle>` or `/company/<handle>` URL. */
export function isLinkedinProfileUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(HAS_SCHEME.test(value) ? value : `https://${value}`)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (url.username !== '' || url.password !== '') return false
  if (url.hostname !== 'linkedin.com' && !url.hostname.endsWith('.linkedin.com')) return false
  return PROFILE_PATH.test(url.pathname)
}

/** Whether a trimmed value passes one field's rule; `strictUrl` adds the server's URL parse. */
function fieldIsValid(field: LeadField, value: string, strictUrl: boolean): boolean {
  if (value.length > MAX_LENGTH[field] || FORMULA_START.test(value)) return false
  switch (field) {
    case 'first_name':
      return value !== ''
    case 'linkedin_url':
      return LINKEDIN_PATH.test(value) && (!strictUrl || isLinkedinProfileUrl(value))
    case 'email':
      return EMAIL.test(value)
  }
}

/** Trims the three fields and returns the lead, or the first failing field (form order) with its message. */
export function validateLead(
  input: Partial<Record<LeadField, unknown>>,
  options: { strictUrl?: boolean } = {},
): { ok: true; lead: Lead } | { ok: false; field: LeadField; error: string } {
  const lead: Lead = { first_name: '', linkedin_url: '', email: '' }
  for (const field of LEAD_FIELDS) {
    const raw = input[field]
    const text = typeof raw === 'string' ? raw : ''
    // Control characters are looked for before trimming: a leading tab or carriage return is refused too.
    const value = text.trim()
    if (HAS_UNSAFE_CHARACTER.test(text) || !fieldIsValid(field, value, options.strictUrl === true)) {
      return { ok: false, field, error: LEAD_MESSAGES[field] }
    }
    lead[field] = value
  }
  return { ok: true, lead }
}

/** The profile URL as it is stored (https, host in lower case, no query or fragment), for a value isLinkedinProfileUrl accepted. */
export function normalizeLinkedinUrl(value: string): string {
  const url = new URL(HAS_SCHEME.test(value) ? value : `https://${value}`)
  return `https://${url.hostname}${url.pathname}`
}

/** The e-mail address as it is stored: trimmed, the domain in lower case (the local part as typed). */
export function normalizeEmail(value: string): string {
  const email = value.trim()
  const at = email.lastIndexOf('@')
  return `${email.slice(0, at + 1)}${email.slice(at + 1).toLowerCase()}`
}

/** What makes two leads the same person: the e-mail address and the profile, without `www.` or a trailing slash, in lower case. */
export function leadDedupeKey(lead: Lead): string {
  const url = new URL(normalizeLinkedinUrl(lead.linkedin_url))
  const profile = `${url.hostname.replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '')}`
  return `${normalizeEmail(lead.email).toLowerCase()} ${profile.toLowerCase()}`
}

/** The form an e-mail address is matched by (privacy requests): NFKC, then upper and lower case, so `ß` meets `SS` and `ss`. */
export function emailMatchKey(value: string): string {
  return value.trim().normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC')
}
