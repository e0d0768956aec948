// How `npm run dev` (vite.config.ts) tells the content code that it runs in dev: the dev server's plugin
// calls enterContentDevMode() when Vite loads its config, and the content code asks contentDevMode().
// A module importing nothing: Vite bundles whatever vite.config.ts imports into the config each time it
// loads it (six times per `vike build`), so the config imports no more of the content code than this.
//
// The setting lives on globalThis, under a registered symbol, not in a variable of this module: the
// config has its own copy of this module (bundled into it), while the pages' hooks and
// lib/node/dev-server.server.ts get theirs from Vite's module runner (`ssrLoadModule`), which evaluates
// them again after each content change (the dev server drops its modules). Both copies run in the dev
// server's one process and see the same globalThis, so what the config sets holds for every copy,
// evaluated before or after. No other process reads it.

/** What a read of the content does differently in `npm run dev`. */
export interface ContentDevMode {
  /**
   * A bad content file is left out of the index instead of failing every page, so the pages that do not
   * need it keep working while the writer fixes it; a page that needs it fails with that file's problems
   * (contentProblemsOf), which the dev server shows in the browser.
   */
  keepGoing: boolean
  /**
   * Drafts and scheduled entries are shown, each marked, so a writer can read them as they will look.
   * Off, the content read leaves them out, as a build does.
   */
  showUnpublished: boolean
}

const BUILD_MODE: ContentDevMode = { keepGoing: false, showUnpublished: false }
const DEV_MODE: ContentDevMode = { keepGoing: true, showUnpublished: true }

const MODE = Symbol.for('authoritylens.content-dev-mode')
const holder = globalThis as { [MODE]?: ContentDevMode }

/** Called by `npm run dev` before any content is read: this process reads the content as dev shows it. */
export function enterContentDevMode(): void {
  holder[MODE] = DEV_MODE
}

/** How this process reads the content: as `npm run dev` shows it once enterContentDevMode() ran, else as a build does. */
export function contentDevMode(): ContentDevMode {
  return holder[MODE] ?? BUILD_MODE
}
