import { FEEDS, isMarkdownTwin, MARKDOWN_TYPE } from './alternates'
import { CACHE_CONTROL } from './routes'

// The headers the feeds and the markdown twins are sent with, by the Node server and the hosts' rule files.

/** Feed readers poll: ten minutes, so a new article reaches them soon while a reader polling every minute costs one request in ten. */
export const FEED_CACHE_CONTROL = 'public, max-age=600'

/** A feed's or a twin's headers (no host would guess their types); a twin is kept out of search results. Undefined for other paths. */
export function alternateFileHeaders(pathname: string): Readonly<Record<string, string>> | undefined {
  const feed = FEEDS.find((candidate) => candidate.path === pathname)
  if (feed) return { 'Content-Type': `${feed.type}; charset=utf-8`, 'Cache-Control': FEED_CACHE_CONTROL }
  if (isMarkdownTwin(pathname)) return { 'Content-Type': `${MARKDOWN_TYPE}; charset=utf-8`, 'X-Robots-Tag': 'noindex', 'Cache-Control': CACHE_CONTROL.page }
  return undefined
}
