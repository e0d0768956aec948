/** Pagefind's script, under SEARCH_PREFIX (written out, so the dialog's chunk needs nothing of routes.ts). */
export const SEARCH_SCRIPT = '/pagefind/pagefind.js'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** HTML's text with its character references replaced by the characters they name (the named ones React writes, and any numeric one). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (reference, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? reference
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference
  })
}

/** Pagefind's excerpt (matched words in `<mark>`) as runs of plain text: no other tag has meaning, and nothing is ever parsed as HTML. */
export function excerptParts(excerpt: string): Array<{ text: string; marked: boolean }> {
  const parts: Array<{ text: string; marked: boolean }> = []
  let marked = false
  for (const token of excerpt.split(/(<mark>|<\/mark>)/)) {
    if (token === '<mark>' || token === '</mark>') marked = token === '<mark>'
    else if (token !== '') parts.push({ text: decodeEntities(token), marked })
  }
  return parts
}
