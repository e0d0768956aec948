// Messages between the build (scripts/build.ts) and its render workers (render-worker.ts).
import type { BuildSettings } from '../lib/node/build-settings.server'
import type { BuiltPage } from '../lib/node/built-pages.server'
import type { ContentLink } from '../lib/node/content-links.server'
import type { TopicReadWithoutBody } from '../lib/node/content-files.server'
import type { PublicationFields } from '../lib/node/publication.server'
import type { ContentIndex, RelatedTopic, SlugFile, TopicEntry } from '../lib/universal/content/types'

export interface PageJob {
  url: string
  file: string
  status: 200 | 404
  /** Of what the page is rendered from; the cache keeps its HTML under it. */
  key: string
  topic?: SlugFile
  /** The parse of a topic file the build made already, so the worker parses nothing again. */
  read?: TopicReadWithoutBody
  related?: readonly RelatedTopic[]
}

/** What a topic page shows of its topic, the site links of its file (every build checks them), and its `draft`, `date` and `redirectFrom`. */
export type TopicFacts = { topic: TopicEntry; links: ContentLink[]; publication?: PublicationFields }

/** A page the worker wrote, a topic left out, or a file's content problems. */
export type Rendered =
  { key: string; page: BuiltPage; topic?: TopicFacts; twin?: string } | { key: string; leftOut: TopicFacts } | { key: string; problems: string[] }

export type ToWorker =
  { type: 'load'; settings: BuildSettings } | { type: 'routes' } | { type: 'render'; jobs: PageJob[]; index?: ContentIndex } | { type: 'exit' }

export type FromWorker =
  /** The worker has loaded the packages; `load` makes it import the server bundle. */
  | { type: 'booted' }
  /** The server bundle is loaded: the worker takes pages. */
  | { type: 'ready' }
  | { type: 'routes'; routes: string[] }
  | { type: 'rendered'; pages: Rendered[] }
  | { type: 'failed'; url: string; message: string }
