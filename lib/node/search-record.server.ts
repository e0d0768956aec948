// What the site search (pipeline/search-index.ts) keeps of a built article or topic page: its title and the
// plain text a reader reads in its <main>, without what every page of its kind repeats (breadcrumbs, the
// contents, the related links, the calls to action, the byline), which would only make every page match.
import { decodeEntities } from '../universal/search'

/** One page of the search index: its URL, its title and its text. */
export interface SearchRecord {
  url: string
  title: string
  text: string
}

/** The parts of <main> left out of a page's text: each is an element with no element of its own name inside. */
const LEFT_OUT = [
  /<nav\b[\s\S]*?<\/nav>/g,
  /<div class="cta-row"[\s\S]*?<\/div>/g,
  /<a class="back-link"[\s\S]*?<\/a>/g,
  /<(p|div) class="meta\b[^"]*"[\s\S]*?<\/\1>/g,
  /<(script|style|template)\b[\s\S]*?<\/\1>/g,
]

const plainText = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()

/** The record of the page at `url` whose built HTML is `html`; `file` names it in the error when the page has no <main> or no <h1>. */
export function searchRecordOf(html: string, url: string, file: string): SearchRecord {
  const start = html.indexOf('<main')
  const end = html.indexOf('</main>', start)
  if (start === -1 || end === -1) throw new Error(`${file}: the page has no <main> element for the site search to index`)
  const main = html.slice(start, end)
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(main)
  if (!heading) throw new Error(`${file}: the page has no <h1> for the site search to title it by`)
  const text = LEFT_OUT.reduce((kept, part) => kept.replace(part, ' '), main)
  return { url, title: plainText(heading[1] ?? ''), text: plainText(text) }
}
