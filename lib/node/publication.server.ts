// Whether a draft or a dated entry is on the site in this build. `npm run dev` shows everything; a
// production build leaves out drafts and entries dated after its build date.

/** Overrides the build's "today" (YYYY-MM-DD), to preview a scheduled post or test one. */
export const BUILD_DATE_ENV = 'BUILD_DATE'

/** The day this build publishes for, YYYY-MM-DD (UTC): `BUILD_DATE` when set, else today. */
export function buildDate(env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): string {
  const set = env[BUILD_DATE_ENV]
  if (set !== undefined && set !== '') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(set) || Number.isNaN(Date.parse(`${set}T00:00:00Z`))) {
      throw new Error(`${BUILD_DATE_ENV}=${set}: expected a date as YYYY-MM-DD`)
    }
    return set
  }
  return now.toISOString().slice(0, 10)
}

/** Why an entry is left out of a production build, or `published`. */
export type Publication = 'published' | 'draft' | 'scheduled'

/** `draft: true` wins over a date; a `date` after `today` is scheduled. Dates compare as YYYY-MM-DD text. */
export function publicationOf(entry: { draft?: boolean; date?: string }, today: string): Publication {
  if (entry.draft === true) return 'draft'
  if (entry.date !== undefined && entry.date > today) return 'scheduled'
  return 'published'
}
