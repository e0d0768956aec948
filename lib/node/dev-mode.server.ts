// How `npm run dev` (vite.config.ts) tells the content code that it runs in dev. It imports nothing, as
// the config bundles it. The setting lives on globalThis, not in this module: the config's bundled copy
// and the copies Vite's module runner evaluates again after each content change share one process.

/** What a read of the content does differently in `npm run dev`. */
interface ContentDevMode {
  /** A bad file is left out of the index instead of failing every page; a page that needs it shows its problems. */
  keepGoing: boolean
  /** Drafts and scheduled entries are shown, each marked. */
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
