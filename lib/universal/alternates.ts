// The URLs the build writes for feed readers and answer engines; imports nothing, so a page's code may use markdownTwinPath at no cost.

/** The blog's feeds, each at one URL in one format; every page's head names all three. */
export const FEEDS = [
  { format: 'rss', path: '/rss.xml', type: 'application/rss+xml', name: 'RSS' },
  { format: 'atom', path: '/atom.xml', type: 'application/atom+xml', name: 'Atom' },
  { format: 'json', path: '/feed.json', type: 'application/feed+json', name: 'JSON Feed' },
] as const

export type FeedFormat = (typeof FEEDS)[number]['format']

export const LLMS_TXT_PATH = '/llms.txt'

/** The folders whose pages each have a markdown twin: `/blog/x` → `/blog/x.md`. */
export const TWIN_FOLDERS = ['/blog', '/topics'] as const

export const MARKDOWN_TYPE = 'text/markdown'

export const markdownTwinPath = (pagePath: string) => `${pagePath}.md`

/** True for the URL of a markdown twin: one segment ending in `.md` under a twin folder (`/topics/x.md`). */
export function isMarkdownTwin(pathname: string): boolean {
  const slash = pathname.lastIndexOf('/')
  const name = pathname.slice(slash + 1)
  return (TWIN_FOLDERS as readonly string[]).includes(pathname.slice(0, slash)) && name.length > '.md'.length && name.endsWith('.md')
}
