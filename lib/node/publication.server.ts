// `npm run dev` shows everything; a production build leaves out drafts and entries dated after its build date.
import { brokenLinks, type FileLinks } from './content-links.server'
import { contentDevMode } from './dev-mode.server'

/** Overrides the build's "today" (YYYY-MM-DD), to preview a scheduled post or test one. */
const BUILD_DATE_ENV = 'BUILD_DATE'

/** Written beside the site, never served: `{ buildDate, leftOut }`, for check:site to make sure no draft reached the site. */
export const PUBLICATION_RECORD = 'publication.json'

export function buildDate(env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): string {
  const set = env[BUILD_DATE_ENV]
  if (set !== undefined && set !== '') {
    // A Date rolls 2025-02-30 over to March 2: the date must come back as written.
    const parsed = new Date(`${set}T00:00:00Z`)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(set) || Number.isNaN(parsed.getTime()) || !parsed.toISOString().startsWith(set)) {
      throw new Error(`${BUILD_DATE_ENV}=${set}: expected a real date as YYYY-MM-DD`)
    }
    return set
  }
  return now.toISOString().slice(0, 10)
}

let handedDay: string | undefined

/** A build's render worker takes the build's one day. */
export function takeBuildDay(today: string): void {
  handedDay = today
}

type Publication = 'published' | 'draft' | 'scheduled'

/** `draft: true` wins over a date; dates compare as YYYY-MM-DD text. */
export function publicationOf(entry: { draft?: boolean; date?: string }, today: string): Publication {
  if (entry.draft === true) return 'draft'
  if (entry.date !== undefined && entry.date > today) return 'scheduled'
  return 'published'
}

export type Publishing = { today: string; showUnpublished: boolean }

export function publishingOf(env: NodeJS.ProcessEnv = process.env): Publishing {
  return { today: buildDate(env), showUnpublished: contentDevMode().showUnpublished }
}

export interface LeftOut extends Pick<PublicationFields, 'date' | 'redirectFrom'> {
  file: string
  path: string
  why: Exclude<Publication, 'published'>
}

export interface PublicationFields {
  draft?: boolean
  date?: string
  redirectFrom?: readonly string[]
}

/** A fresh copy (the YAML parser's strings would keep its file's text alive), or undefined when it has none. */
export function publicationFields({ draft, date, redirectFrom }: PublicationFields): PublicationFields | undefined {
  if (draft === undefined && date === undefined && redirectFrom === undefined) return undefined
  return JSON.parse(JSON.stringify({ draft, date, redirectFrom })) as PublicationFields
}

export function leftOutOf(entry: PublicationFields & { file: string }, path: string, publishing: Publishing): LeftOut | undefined {
  if (publishing.showUnpublished) return undefined
  const why = publicationOf(entry, publishing.today)
  if (why === 'published') return undefined
  return { file: entry.file, path, why, ...(why === 'scheduled' && { date: entry.date }), ...(entry.redirectFrom && { redirectFrom: entry.redirectFrom }) }
}

/** `draft`, or `scheduled for 2027-01-05`. */
export function reasonOf(leftOut: Pick<LeftOut, 'why' | 'date'>): string {
  return leftOut.why === 'draft' ? 'draft' : `scheduled for ${leftOut.date}`
}

const SUMMARY_NAMES = 20

/** `left out 2: content/blog/x.md (draft), content/blog/y.md (scheduled for 2027-01-05)`. */
export function leftOutSummary(leftOut: readonly LeftOut[]): string | undefined {
  if (leftOut.length === 0) return undefined
  const sorted = [...leftOut].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  const named = sorted.slice(0, SUMMARY_NAMES).map((entry) => `${entry.file} (${reasonOf(entry)})`)
  const more = sorted.length > SUMMARY_NAMES ? ` and ${sorted.length - SUMMARY_NAMES} more` : ''
  return `left out ${leftOut.length}: ${named.join(', ')}${more}`
}

/** A left-out file may link to another left-out one, published with or after it; the site links each page by its one URL, never an old one. */
export function linkProblemsWith(
  leadsSomewhere: (path: string) => boolean,
  leftOut: readonly LeftOut[],
  redirects: ReadonlyArray<{ from: string; to: string }> = [],
): (fileLinks: FileLinks) => string[] {
  const byPath = new Map(leftOut.map((entry) => [entry.path, entry]))
  const leftOutFiles = new Set(leftOut.map((entry) => entry.file))
  const movedTo = new Map(redirects.map(({ from, to }) => [from, to]))
  return ({ file, links }) => {
    const own = leftOutFiles.has(file)
    const explained = links.filter((link) => link.path !== null && !leadsSomewhere(link.path) && (byPath.has(link.path) || movedTo.has(link.path)))
    const problems = explained.flatMap((link) => {
      const moved = movedTo.get(link.path!)
      if (moved) return [`${file}:${link.line}: link to ${link.href} leads to an old URL of ${moved}; link to ${moved} itself`]
      const target = byPath.get(link.path!)!
      return own
        ? []
        : [
            `${file}:${link.line}: link to ${link.href} leads to a page this build leaves out (${target.file}: ${reasonOf(target)}); link to it once it is published`,
          ]
    })
    return [...problems, ...brokenLinks({ file, links: links.filter((link) => !explained.includes(link)) }, leadsSomewhere)]
  }
}

/** An image only a draft shows is cached, not published. */
export function imagesShown(
  names: readonly string[],
  { posts, pages }: { posts: ReadonlyArray<{ html: string; coverImage?: { html: string } }>; pages: Record<string, { html: string }> },
): string[] {
  const html = [...posts.flatMap((post) => [post.html, post.coverImage?.html ?? '']), ...Object.values(pages).map((page) => page.html)].join('\n')
  return names.filter((name) => html.includes(`/${name}`))
}

/** What `npm run dev`'s lists mark an entry with: `Draft` or `Scheduled for 2027-01-05`. */
export function unpublishedLabel(entry: Pick<PublicationFields, 'draft' | 'date'>, today: string = handedDay ?? buildDate()): string | undefined {
  const why = publicationOf(entry, today)
  return why === 'published' ? undefined : why === 'draft' ? 'Draft' : `Scheduled for ${entry.date}`
}

/** Shown by `npm run dev` atop a draft or scheduled entry, so the writer never mistakes it for a published page. */
export function unpublishedNote(entry: PublicationFields, today: string = handedDay ?? buildDate()): string {
  const why = publicationOf(entry, today)
  if (why === 'published') return ''
  const text =
    why === 'draft'
      ? '<strong>Draft.</strong> Shown by <code>npm run dev</code> only: a build leaves this page out until <code>draft: true</code> is removed.'
      : `<strong>Scheduled for ${entry.date}.</strong> Shown by <code>npm run dev</code> only: a build leaves this page out until that day.`
  return `<blockquote class="unpublished-note" role="note"><p>${text}</p></blockquote>\n`
}
