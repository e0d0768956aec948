import type { BuiltPage } from '../../lib/built-pages'

// Messages between the build (scripts/build.ts) and its render workers (render-worker.ts).

/** One page to prerender: its URL, the file it is written to and the status it must answer. */
export interface PageJob {
  url: string
  /** Relative to the client folder: `topics/x.html`. */
  file: string
  status: 200 | 404
  /** What the page is rendered from; the cache keeps its HTML under this key. */
  key: string
}

export type ToWorker = { type: 'routes' } | { type: 'render'; jobs: PageJob[] } | { type: 'exit' }

export type FromWorker =
  | { type: 'ready' }
  | { type: 'routes'; routes: string[] }
  | { type: 'rendered'; pages: Array<{ key: string; page: BuiltPage }> }
  | { type: 'failed'; url: string; message: string }
