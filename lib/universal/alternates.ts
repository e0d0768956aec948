import { CACHE_CONTROL } from './routes'

// The files the build writes for feed readers and answer engines beside the pages: the blog's three
// feeds, llms.txt, and each article's and topic's markdown twin at its page's URL plus `.md`. Their
// URLs, and the headers every server of the site sends with them (the Node server, and the static
// hosts' rule files written from this), are stated here once. Runs anywhere: no Node built-ins.

/** The blog's feeds, each at one URL in one format; every page's head names all three. */
export const FEEDS = [
  { format: 'rss', path: '/rss.xml', type: 'application/rss+xml', name: 'RSS' },
  { format: 'atom', path: '/atom.xml', type: 'application/atom+xml', name: 'Atom' },
  { format: 'json', path: '/feed.json', type: 'application/feed+json', name: 'JSON Feed' },
] as const

export type FeedFormat = (typeof FEEDS)[number]['format']

/** The site's summary for language models (https://llmstxt.org). */
export const LLMS_TXT_PATH = '/llms.txt'

/**
 * Feed readers poll: ten minutes, so a new article reaches them soon after a release while a reader
 * polling every minute still costs the server one request in ten.
 */
export const FEED_CACHE_CONTROL = 'public, max-age=600'

/** The folders whose pages each have a markdown twin: `/blog/x` → `/blog/x.md`. */
export const TWIN_FOLDERS = ['/blog', '/topics'] as const

export const MARKDOWN_TYPE = 'text/markdown'

/** The URL of a page's markdown twin: the page's own, plus `.md`. */
export function markdownTwinPath(pagePath: string): string {
  return `${pagePath}.md`
}

/** True for the URL of a markdown twin: one segment ending in `.md` under a twin folder (`/topics/x.md`). */
export function isMarkdownTwin(pathname: string): boolean {
  const slash = pathname.lastIndexOf('/')
  const name = pathname.slice(slash + 1)
  return (TWIN_FOLDERS as readonly string[]).includes(pathname.slice(0, slash)) && name.length > '.md'.length && name.endsWith('.md')
}

/**
 * The headers a feed or a markdown twin is sent with, beyond those every answer carries; undefined
 * for any other path. No host would guess these media types from the file names. A twin is its page
 * in another format: revalidated like the page, so the two change together on a release, and kept
 * out of search results (`X-Robots-Tag`: the page is the one to find).
 */
export function alternateFileHeaders(pathname: string): Readonly<Record<string, string>> | undefined {
  const feed = FEEDS.find((candidate) => candidate.path === pathname)
  if (feed) return { 'Content-Type': `${feed.type}; charset=utf-8`, 'Cache-Control': FEED_CACHE_CONTROL }
  if (isMarkdownTwin(pathname)) return { 'Content-Type': `${MARKDOWN_TYPE}; charset=utf-8`, 'X-Robots-Tag': 'noindex', 'Cache-Control': CACHE_CONTROL.page }
  return undefined
}
