import type { BuildSettings } from '../lib/node/build-settings.server'
import type { BuiltPage } from '../lib/node/built-pages.server'
import type { ContentLink } from '../lib/node/content-links.server'
import type { TopicReadWithoutBody } from '../lib/node/content-files.server'
import type { PublicationFields } from '../lib/node/publication.server'
import type { ContentIndex, RelatedTopic, SlugFile, TopicEntry } from '../lib/universal/content/types'

// Messages between the build (scripts/build.ts) and its render workers (render-worker.ts).

/** One page to prerender: its URL, the file it is written to and the status it must answer. */
export interface PageJob {
  url: string
  /** Relative to the client folder: `topics/x.html`. */
  file: string
  status: 200 | 404
  /** What the page is rendered from; the cache keeps its HTML under this key. */
  key: string
  /** For a topic page: its file, which the worker validates and hands to the page. */
  topic?: SlugFile
  /** For a topic page whose file the build parsed already (related-topics.ts): that parse, which the worker renders instead of parsing the file again. */
  read?: TopicReadWithoutBody
  /** For a topic page: the topics it links to as related, chosen by the build from every topic (related-topics.ts). */
  related?: readonly RelatedTopic[]
}

/** What a topic page shows of its topic, and the site links of its file, which every build checks against the pages it has. */
export interface TopicFacts {
  topic: TopicEntry
  links: ContentLink[]
  /** Its `draft`, `date` and `redirectFrom`, when it has any: whether a build publishes it, and its old URLs. */
  publication?: PublicationFields
}

/**
 * A page the worker wrote (with its topic's facts and its markdown twin's file, for a topic page), the
 * facts of a topic this build leaves out (a draft, or dated after the build's date: no page), or the
 * content problems that kept it from rendering it.
 */
export type Rendered =
  { key: string; page: BuiltPage; topic?: TopicFacts; twin?: string } | { key: string; leftOut: TopicFacts } | { key: string; problems: string[] }

/**
 * `load` carries what the build decided for every page (its day, its cards, the drawing's digest found
 * while the worker booted), which the worker hands to each page it renders; `index` is the content index
 * the build validated, for the pages that list content (all but the topic pages).
 */
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
