// Whether a draft or a dated entry is on the site in this build. `npm run dev` shows everything; a
// production build leaves out drafts and entries dated after its build date.
import { brokenLinks, type FileLinks } from './content-links.server'
import { contentDevMode } from './dev-mode.server'

/** Overrides the build's "today" (YYYY-MM-DD), to preview a scheduled post or test one. */
const BUILD_DATE_ENV = 'BUILD_DATE'

/** Written by the build beside the site, never served: `{ buildDate, leftOut }`, for check:site to make sure no draft reached the site. */
export const PUBLICATION_RECORD = 'publication.json'

/** The day this build publishes for, YYYY-MM-DD (UTC): `BUILD_DATE` when set, else today. */
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

/** Makes `today` the day this process publishes for: a build's render worker takes the build's one day. */
export function takeBuildDay(today: string): void {
  handedDay = today
}

/** The day this process publishes for: the one a build handed it (takeBuildDay), else buildDate(). */
function publishingDay(): string {
  return handedDay ?? buildDate()
}

/** Why an entry is left out of a production build, or `published`. */
type Publication = 'published' | 'draft' | 'scheduled'

/** `draft: true` wins over a date; a `date` after `today` is scheduled. Dates compare as YYYY-MM-DD text. */
export function publicationOf(entry: { draft?: boolean; date?: string }, today: string): Publication {
  if (entry.draft === true) return 'draft'
  if (entry.date !== undefined && entry.date > today) return 'scheduled'
  return 'published'
}

/** What a read of the content shows: what is published on `today`, or everything (`npm run dev`). */
export interface Publishing {
  today: string
  showUnpublished: boolean
}

/** The publishing of this process: BUILD_DATE or today, and everything in `npm run dev` (contentDevMode). */
export function publishingOf(env: NodeJS.ProcessEnv = process.env): Publishing {
  return { today: buildDate(env), showUnpublished: contentDevMode().showUnpublished }
}

/** An article or topic that a build leaves out: its file, the URL it would have, why, and the old URLs it names. */
export interface LeftOut {
  file: string
  path: string
  why: Exclude<Publication, 'published'>
  /** Its `date`, for a scheduled entry. */
  date?: string
  redirectFrom?: readonly string[]
}

/** The fields of a content file that decide whether it is published, and the redirects that go with it. */
export interface PublicationFields {
  draft?: boolean
  date?: string
  redirectFrom?: readonly string[]
}

/** The entry's publication fields as a fresh copy (the YAML parser's strings would keep its file's text alive), or undefined when it has none. */
export function publicationFields({ draft, date, redirectFrom }: PublicationFields): PublicationFields | undefined {
  if (draft === undefined && date === undefined && redirectFrom === undefined) return undefined
  return JSON.parse(JSON.stringify({ draft, date, redirectFrom })) as PublicationFields
}

/** Why `entry` at `path` is left out under `publishing`, or undefined when it is shown. */
export function leftOutOf(entry: PublicationFields & { file: string }, path: string, publishing: Publishing): LeftOut | undefined {
  if (publishing.showUnpublished) return undefined
  const why = publicationOf(entry, publishing.today)
  if (why === 'published') return undefined
  return { file: entry.file, path, why, ...(why === 'scheduled' && { date: entry.date }), ...(entry.redirectFrom && { redirectFrom: entry.redirectFrom }) }
}

/** `draft`, or `scheduled for 2027-01-05`: why a file is left out, as the build summary and messages say it. */
export function reasonOf(leftOut: Pick<LeftOut, 'why' | 'date'>): string {
  return leftOut.why === 'draft' ? 'draft' : `scheduled for ${leftOut.date}`
}

/** At most this many files are named in the summary line; the rest are counted. */
const SUMMARY_NAMES = 20

/** `left out 2: content/blog/x.md (draft), content/blog/y.md (scheduled for 2027-01-05)`, or undefined when nothing was left out. */
export function leftOutSummary(leftOut: readonly LeftOut[]): string | undefined {
  if (leftOut.length === 0) return undefined
  const sorted = [...leftOut].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  const named = sorted.slice(0, SUMMARY_NAMES).map((entry) => `${entry.file} (${reasonOf(entry)})`)
  const more = sorted.length > SUMMARY_NAMES ? ` and ${sorted.length - SUMMARY_NAMES} more` : ''
  return `left out ${leftOut.length}: ${named.join(', ')}${more}`
}

/**
 * The link problems of a file. A published page's link to a page this build leaves out fails with its
 * own reason; a left-out file may link to another left-out one, published with or after it. A link to
 * an old URL (`redirects`) fails too, saying where to link instead: the site links each page by its one URL.
 */
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

/** The encoded image files (`names`) the shown articles and pages name: an image only a draft shows is cached, not published. */
export function imagesShown(
  names: readonly string[],
  { posts, pages }: { posts: ReadonlyArray<{ html: string; coverImage?: { html: string } }>; pages: Record<string, { html: string }> },
): string[] {
  const html = [...posts.flatMap((post) => [post.html, post.coverImage?.html ?? '']), ...Object.values(pages).map((page) => page.html)].join('\n')
  return names.filter((name) => html.includes(`/${name}`))
}

/** What `npm run dev`'s lists mark a draft or scheduled entry with: `Draft` or `Scheduled for 2027-01-05`; undefined for a published one. */
export function unpublishedLabel(entry: Pick<PublicationFields, 'draft' | 'date'>, today: string = publishingDay()): string | undefined {
  const why = publicationOf(entry, today)
  return why === 'published' ? undefined : why === 'draft' ? 'Draft' : `Scheduled for ${entry.date}`
}

/** What `npm run dev` shows atop a draft or scheduled entry, so the writer never mistakes it for a published page; empty for a published one. */
export function unpublishedNote(entry: PublicationFields, today: string = publishingDay()): string {
  const why = publicationOf(entry, today)
  if (why === 'published') return ''
  const text =
    why === 'draft'
      ? '<strong>Draft.</strong> Shown by <code>npm run dev</code> only: a build leaves this page out until <code>draft: true</code> is removed.'
      : `<strong>Scheduled for ${entry.date}.</strong> Shown by <code>npm run dev</code> only: a build leaves this page out until that day.`
  return `<blockquote class="unpublished-note" role="note"><p>${text}</p></blockquote>\n`
}
