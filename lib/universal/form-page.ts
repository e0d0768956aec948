import { LEAD_FIELDS, type LeadField } from './lead'
import { escapeHtml } from './text'

// The page a refused no-JavaScript post of the free-score form gets: the build renders the React form
// with a slot per value, and the server fills the slots per request, so no runtime renders React.

export const FORM_PAGE_FILE = 'form-page.json'

/** Which field the problem is about, as a key of `FormPage.forms`: `none` for a problem with no field (another site's post). */
export type ProblemField = LeadField | 'none'

/** The document with its `{{form}}` slot, and the form to put there for each field the problem may be about. */
export type FormPage = { page: string; forms: Record<ProblemField, string> }

/** `{{name}}`: a slot, which React writes as it is in text and attributes (no character of it is escaped). */
export const slot = (name: string) => `{{${name}}}`

const MAX_VALUE = 1_000

export function fillFormPage(template: FormPage, values: Record<string, string>, problem: { error: string; field?: string }, query: string): string {
  const field = LEAD_FIELDS.find((name) => name === problem.field) ?? 'none'
  const text: Record<string, string> = { message: problem.error, return_query: query }
  for (const name of LEAD_FIELDS) text[name] = (values[name] ?? '').slice(0, MAX_VALUE)
  // One pass over the template: a value holding `{{message}}` stays as typed.
  return template.page
    .replace(slot('form'), () => template.forms[field])
    .replace(/\{\{(\w+)\}\}/g, (found, name: string) => (name in text ? escapeHtml(text[name]!) : found))
}
