import { FEEDS, isMarkdownTwin, MARKDOWN_TYPE } from './alternates'
import { CACHE_CONTROL } from './routes'

/** Feed readers poll: ten minutes, so a new article reaches them soon while a reader polling every minute costs one request in ten. */
const FEED_CACHE_CONTROL = 'public, max-age=600'

/** A feed's or a twin's headers, for the Node server and the hosts' rule files (no host would guess their types); a twin is kept out of search results. */
export function alternateFileHeaders(pathname: string): Readonly<Record<string, string>> | undefined {
  const feed = FEEDS.find((candidate) => candidate.path === pathname)
  if (feed) return { 'Content-Type': `${feed.type}; charset=utf-8`, 'Cache-Control': FEED_CACHE_CONTROL }
  if (isMarkdownTwin(pathname)) return { 'Content-Type': `${MARKDOWN_TYPE}; charset=utf-8`, 'X-Robots-Tag': 'noindex', 'Cache-Control': CACHE_CONTROL.page }
  return undefined
}
