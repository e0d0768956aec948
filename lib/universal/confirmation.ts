// Where a free-score lead goes once taken: the confirmation page, with the sending page's query (attribution), never personal data.
import { HONEYPOT_FIELD, LEAD_FIELDS } from './lead'

const CONFIRMATION_PATH = '/score/confirmation'
/** The hidden field the no-JavaScript error page carries: the query of the page the form was first sent from. */
export const RETURN_QUERY_FIELD = 'return_query'
/** A longer query is cut before it is read: it is only attribution. */
const MAX_QUERY = 1_000
/** The form's own fields, in lower case: a form once sent by GET put them in the query. */
const FORM_FIELDS = new Set<string>([...LEAD_FIELDS, HONEYPOT_FIELD, RETURN_QUERY_FIELD])
const HOLDS_EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/

/** `search` without the form's own fields (in any letter case) or any parameter whose value holds an e-mail address, as `?…` or ''. */
export function keptQuery(search: string): string {
  const params = new URLSearchParams(search.slice(0, MAX_QUERY))
  const kept = new URLSearchParams()
  for (const [name, value] of params) if (!FORM_FIELDS.has(name.toLowerCase()) && !HOLDS_EMAIL.test(value)) kept.append(name, value)
  const query = kept.toString()
  return query ? `?${query}` : ''
}

export function confirmationUrl(search: string): string {
  return `${CONFIRMATION_PATH}${keptQuery(search)}`
}
