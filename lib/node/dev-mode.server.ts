// Imports nothing: vite.config.ts bundles it. On globalThis: the config's copy and those Vite re-evaluates after each content change share one process.

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

export function enterContentDevMode(): void {
  holder[MODE] = DEV_MODE
}

export function contentDevMode(): ContentDevMode {
  return holder[MODE] ?? BUILD_MODE
}
