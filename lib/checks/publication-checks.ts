// check:site's look for drafts and scheduled entries, found in the content itself (not the build's word), so a build that let one through is caught.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { slugFromFile } from '../node/content-links.server'
import { FrontmatterSyntaxError, parseFrontmatter } from '../node/frontmatter.server'
import { leftOutOf, reasonOf, type LeftOut } from '../node/publication.server'
import { escapeRegExp, problemList, type Problem } from './checked-page'

/** The articles and topics of `dir` a build on `today` leaves out; a file that does not parse is the build's to report. */
export function unpublishedContent(dir: string, today: string, productName: string): LeftOut[] {
  const found: LeftOut[] = []
  for (const folder of ['blog', 'topics'] as const) {
    const path = join(dir, folder)
    if (!existsSync(path)) continue
    for (const name of readdirSync(path).sort()) {
      if (!name.endsWith('.md') || name === 'README.md') continue
      const file = join(path, name)
      let data: Record<string, unknown>
      try {
        data = parseFrontmatter(readFileSync(file, 'utf8')).data as Record<string, unknown>
      } catch (error) {
        if (error instanceof FrontmatterSyntaxError) continue
        throw error
      }
      const entry = { file, draft: data.draft === true, date: typeof data.date === 'string' ? data.date : undefined }
      const out = leftOutOf(entry, `/${folder}/${slugFromFile(file, productName)}`, { today, showUnpublished: false })
      if (out) found.push(out)
    }
  }
  return found
}

/** Files that hold no text a link could be in: pictures, fonts, compressed copies. */
const BINARY = /\.(?:png|jpe?g|webp|avif|gif|ico|woff2?|br|gz)$/

/** No draft or scheduled entry reached the site: no file is named after its URL, and no file of text names it. */
export function checkUnpublished(unpublished: readonly LeftOut[], files: Iterable<string>, textOf: (file: string) => string): Problem[] {
  if (unpublished.length === 0) return []
  const byPath = new Map(unpublished.map((entry) => [entry.path, entry]))
  // `/blog/x` as a whole path: not `/blog/x-y`; `/blog/x.html`, `/blog/x#top` and `https://site/blog/x` count.
  const mention = new RegExp(
    `(${[...byPath.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})(?![\\w~-])`,
    'g',
  )
  const { problems, add } = problemList()
  const fix = 'rebuild: a build leaves drafts and scheduled entries out of every page and file; if it still names one, the page or file that does is wrong'
  for (const file of files) {
    const named = byPath.get(`/${file.replace(/\.[^/.]+$/, '')}`) ?? [...byPath.values()].find((entry) => file.replace(/\.[^/.]+$/, '').endsWith(entry.path))
    if (named) add(file, `is named after ${named.path}, the page of ${named.file}, which this build leaves out (${reasonOf(named)})`, fix)
    if (BINARY.test(file)) continue
    const mentioned = new Set([...textOf(file).matchAll(mention)].map((match) => match[1]!))
    for (const path of mentioned) {
      const entry = byPath.get(path)!
      add(file, `names ${path}, the page of ${entry.file}, which this build leaves out (${reasonOf(entry)})`, fix)
    }
  }
  return problems
}
