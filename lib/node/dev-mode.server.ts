// How `npm run dev` (vite.config.ts) tells the content code that it runs in dev. A module of constants
// alone, importing nothing: Vite bundles whatever vite.config.ts imports into the config each time it
// loads it (six times per `vike build`), so the config imports no more of the content code than this.

/**
 * Set (to 1) by `npm run dev`: a bad content file is left out of the index instead of failing every page,
 * so the pages that do not need it keep working while the writer fixes it; a page that needs it fails
 * with that file's problems (contentProblemsOf), which the dev server shows in the browser.
 */
export const KEEP_GOING_ENV = 'CONTENT_KEEP_GOING'

/**
 * Set (to 1) by `npm run dev`: drafts and scheduled entries are shown, each marked, so a writer can read
 * them as they will look. Unset, the content read leaves them out, as a build does.
 */
export const SHOW_UNPUBLISHED_ENV = 'CONTENT_SHOW_UNPUBLISHED'
