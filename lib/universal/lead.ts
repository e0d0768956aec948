// The free-score form's fields, each defined once in LEAD_DEFINITION (rule, message, input, stored form): the form, POST /api/score,
// the stored row and webhooks (server/store.ts), the privacy export and renderer/formPage.tsx follow it. A new field is its entry
// here, a migration adding its column, and its label in layout.json's `form`.

/** Markup, control characters (NUL, tab, CR, LF …) and the line separators some CSV readers break on. */
const UNSAFE_CHARACTERS = '<>\\p{Cc}\\u2028\\u2029'
/** Characters a spreadsheet reads as the start of a formula (`=HYPERLINK(…)`): the webhooks' payloads land in spreadsheets. */
const FORMULA_CHARACTERS = '=+\\-@'

const HAS_UNSAFE_CHARACTER = new RegExp(`[${UNSAFE_CHARACTERS}]`, 'u')
const FORMULA_START = new RegExp(`^[${FORMULA_CHARACTERS}]`, 'u')
const UNSAFE_ANYWHERE = new RegExp(`[${UNSAFE_CHARACTERS}]`, 'gu')
const FORMULA_LEAD = new RegExp(`^[\\s${FORMULA_CHARACTERS}]+`, 'u')

/** Other stored text (a click's or conversion's fields) is cleaned instead: those characters removed, and a formula's lead with the spaces between; null when nothing is left. */
export function spreadsheetSafe(text: string): string | null {
  return text.replace(UNSAFE_ANYWHERE, '').replace(FORMULA_LEAD, '').trim() || null
}

export interface LeadFieldDefinition {
  message: string
  /** The most characters (UTF-16 units) of the trimmed value. */
  max: number
  /** Whether a trimmed value within `max` passes; `strict` adds the server's checks. A field that accepts '' is optional. */
  accepts(value: string, strict: boolean): boolean
  stored?(value: string): string
  /** The form's input: its label's and placeholder's keys in layout.json's `form`, its type and the browser's hints. */
  input: { label: string; placeholder?: string; type: 'text' | 'url' | 'email'; autoComplete?: string; inputMode?: 'url'; pattern?: string }
}

const LINKEDIN_PATH = /linkedin\.com\/(in|company)\//i
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PROFILE_PATH = /^\/(in|company)\/[^/]+(\/.*)?$/i
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i

/** The profile URL rule as an HTML `pattern`, for the browser's own check before the bundle runs. */
export const LINKEDIN_URL_PATTERN = '.*[Ll][Ii][Nn][Kk][Ee][Dd][Ii][Nn]\\.[Cc][Oo][Mm]/([Ii][Nn]|[Cc][Oo][Mm][Pp][Aa][Nn][Yy])/.*'

/** The fields in form order, which is also the order a refused lead's first failing field is found in. */
export const LEAD_DEFINITION = {
  first_name: {
    message: 'Please enter your first name.',
    max: 100,
    accepts: (value) => value !== '',
    input: { label: 'firstName', type: 'text', autoComplete: 'given-name' },
  },
  linkedin_url: {
    message: 'Please enter a valid LinkedIn profile or company URL.',
    max: 300,
    accepts: (value, strict) => LINKEDIN_PATH.test(value) && (!strict || isLinkedinProfileUrl(value)),
    stored: normalizeLinkedinUrl,
    input: { label: 'linkedinUrl', placeholder: 'linkedinPlaceholder', type: 'url', inputMode: 'url', pattern: LINKEDIN_URL_PATTERN },
  },
  email: {
    message: 'Please enter a valid email address.',
    max: 254,
    accepts: (value) => EMAIL.test(value),
    stored: normalizeEmail,
    input: { label: 'email', type: 'email', autoComplete: 'email' },
  },
} as const satisfies Record<string, LeadFieldDefinition>

export type LeadField = keyof typeof LEAD_DEFINITION
export const LEAD_FIELDS = Object.keys(LEAD_DEFINITION) as LeadField[]
export type Lead = Record<LeadField, string>
type LeadInput = (typeof LEAD_DEFINITION)[LeadField]['input']
/** The keys of the fields' labels and placeholders in layout.json's `form`. */
export type LeadInputText = LeadInput['label'] | Extract<LeadInput, { placeholder: string }>['placeholder']
export const LEAD_INPUT_TEXTS = LEAD_FIELDS.flatMap((field) => {
  const input: LeadFieldDefinition['input'] = LEAD_DEFINITION[field].input
  return input.placeholder ? [input.label, input.placeholder] : [input.label]
}) as LeadInputText[]

export const LEAD_MESSAGES = Object.fromEntries(LEAD_FIELDS.map((field) => [field, LEAD_DEFINITION[field].message])) as Record<LeadField, string>

export const SUBMIT_FAILED_MESSAGE = 'Something went wrong. Please try again.'

/** The name of the honeypot field: hidden from people and assistive technology, so only a bot fills it. */
export const HONEYPOT_FIELD = 'website'

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

/** Trims the fields and returns the lead, or the first failing field (form order) with its message; `strictUrl` adds the server's checks. */
export function validateLead(
  input: Partial<Record<LeadField, unknown>>,
  options: { strictUrl?: boolean } = {},
): { ok: true; lead: Lead } | { ok: false; field: LeadField; error: string } {
  const lead = {} as Lead
  for (const field of LEAD_FIELDS) {
    const definition: LeadFieldDefinition = LEAD_DEFINITION[field]
    const raw = input[field]
    const text = typeof raw === 'string' ? raw : ''
    // Control characters are looked for before trimming: a leading tab or carriage return is refused too.
    const value = text.trim()
    const accepted = value.length <= definition.max && !FORMULA_START.test(value) && definition.accepts(value, options.strictUrl === true)
    if (HAS_UNSAFE_CHARACTER.test(text) || !accepted) return { ok: false, field, error: definition.message }
    lead[field] = value
  }
  return { ok: true, lead }
}

export function storedLead(lead: Lead): Lead {
  const stored = {} as Lead
  for (const field of LEAD_FIELDS) {
    const definition: LeadFieldDefinition = LEAD_DEFINITION[field]
    stored[field] = definition.stored ? definition.stored(lead[field]) : lead[field]
  }
  return stored
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
