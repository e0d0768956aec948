// Small text helpers shared by the browser, the server and the build.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** `text` safe inside HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
}

/** `text` cut to at most `max` UTF-16 units, never in the middle of a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}

/** Markup, control characters (NUL, tab, CR, LF …) and the line separators some CSV readers break on. */
const UNSAFE_CHARACTERS = '<>\\p{Cc}\\u2028\\u2029'
/** Characters a spreadsheet reads as the start of a formula (`=HYPERLINK(…)`): the webhooks' payloads land in spreadsheets. */
const FORMULA_CHARACTERS = '=+\\-@'

/** A lead field holding one of these anywhere, or starting with a formula character, is refused. */
export const HAS_UNSAFE_CHARACTER = new RegExp(`[${UNSAFE_CHARACTERS}]`, 'u')
export const FORMULA_START = new RegExp(`^[${FORMULA_CHARACTERS}]`, 'u')
const UNSAFE_ANYWHERE = new RegExp(`[${UNSAFE_CHARACTERS}]`, 'gu')
const FORMULA_LEAD = new RegExp(`^[\\s${FORMULA_CHARACTERS}]+`, 'u')

/** Other stored text (a click's or conversion's fields) is cleaned instead: those characters removed, and a formula's lead with the spaces between; null when nothing is left. */
export function spreadsheetSafe(text: string): string | null {
  return text.replace(UNSAFE_ANYWHERE, '').replace(FORMULA_LEAD, '').trim() || null
}
