import { FEEDS, isMarkdownTwin, MARKDOWN_TYPE } from './alternates'
import { CACHE_CONTROL } from './routes'

// The headers the feeds and the markdown twins are sent with (lib/universal/alternates.ts), by the Node
// server (server/site-files.ts) and the static hosts' rule files (pipeline/host-files.ts).

/** Feed readers poll: ten minutes, so a new article reaches them soon while a reader polling every minute costs one request in ten. */
export const FEED_CACHE_CONTROL = 'public, max-age=600'

/**
 * The headers a feed or a markdown twin is sent with (no host would guess their media types); undefined
 * for any other path. A twin is revalidated like its page and kept out of search results: the page is the one to find.
 */
export function alternateFileHeaders(pathname: string): Readonly<Record<string, string>> | undefined {
  const feed = FEEDS.find((candidate) => candidate.path === pathname)
  if (feed) return { 'Content-Type': `${feed.type}; charset=utf-8`, 'Cache-Control': FEED_CACHE_CONTROL }
  if (isMarkdownTwin(pathname)) return { 'Content-Type': `${MARKDOWN_TYPE}; charset=utf-8`, 'X-Robots-Tag': 'noindex', 'Cache-Control': CACHE_CONTROL.page }
  return undefined
}
