import type { TopicRead } from '../lib/node/content-files.server'
import { fileOfPath } from '../lib/universal/routes'
import type { ContentIndex, RelatedTopic, SlugFile } from '../lib/universal/content/types'
import { contentRoutePaths } from '../lib/universal/content/routes'
import { digest } from './cache'
import type { PageJob } from './protocol'

/** A URL no page folder routes: rendering it gives the 404 page, written as `404.html`. */
const NOT_FOUND_URL = '/404-page-for-the-build'
const TOPIC_ROUTE = '/topics/@slug'

/** A topic file, the digest of its bytes, the topics its page links to as related, and its parse when the build parsed it (related-topics.ts). */
export interface TopicSource extends SlugFile {
  digest: string
  related: readonly RelatedTopic[]
  read?: TopicRead
}

/**
 * The topic pages. Each is rendered from its own file and the list of its related topics, so its key
 * is its file's digest and that list: editing one topic re-renders its page, and the few pages that
 * link to it when its title or summary changed. `base` covers the rest: the code, the settings and the build year.
 * The topics come first and alone because the other pages list them: the build learns each topic's
 * title and summary as it renders (or reuses) its page.
 */
export function planTopicPages(routes: readonly string[], topics: TopicSource[], base: string): PageJob[] {
  if (!routes.includes(TOPIC_ROUTE)) return []
  return topics.map((source) => {
    const { slug, file, digest: fileDigest, related, read } = source
    // The job takes the parse: the render pool lets go of it once sent, which frees it only if the source holds it no more.
    delete source.read
    const path = `/topics/${slug}`
    const key = digest(base, path, fileDigest, JSON.stringify(related))
    return { url: path, file: fileOfPath(path), status: 200, key, topic: { slug, file }, related, ...(read && { read }) }
  })
}

/** A page that lists content, before its key is known: `name` is what its key adds to the index's digest. */
export type ListingPage = Omit<PageJob, 'key'> & { name: string }

/**
 * Every other page the build writes: the fixed routes, one page per article, and the 404 page. Any
 * of them may list any content (the /topics cards, the articles), so their keys (listingKeys) come
 * from the digest of the whole index, known once every topic is.
 */
export function planListingPages(routes: readonly string[], posts: ContentIndex['posts']): ListingPage[] {
  // The topics are planned on their own (planTopicPages): no listing route needs their slugs.
  const fromContent = contentRoutePaths({ posts, topics: [] })
  const pages: ListingPage[] = []
  for (const route of [...routes].sort()) {
    if (route === TOPIC_ROUTE) continue
    if (!route.includes('@') && !route.includes('*')) {
      pages.push({ url: route, file: fileOfPath(route), status: 200, name: route })
      continue
    }
    const paths = fromContent[route]
    if (!paths) throw new Error(`pages for ${route}: lib/universal/content/routes.ts does not say which URLs this route has`)
    for (const path of paths) pages.push({ url: path, file: fileOfPath(path), status: 200, name: path })
  }
  pages.push({ url: NOT_FOUND_URL, file: '404.html', status: 404, name: '404' })
  return pages
}

/** The listing pages' jobs, keyed by the index as the workers read it (`indexText`) and `base`. */
export function listingKeys(pages: readonly ListingPage[], indexText: string, base: string): PageJob[] {
  const indexDigest = digest(base, indexText)
  return pages.map(({ name, ...job }) => ({ ...job, key: digest(indexDigest, name) }))
}
