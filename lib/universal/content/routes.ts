import { laterTopicPagePaths, TOPIC_PAGE_ROUTE } from './topic-pages'

export const articlePath = (slug: string) => `/blog/${slug}`
export const topicPath = (slug: string) => `/topics/${slug}`

type Slugs = { posts: ReadonlyArray<{ slug: string }>; topics: ReadonlyArray<{ slug: string }> }

/** The paths of every parameterized route, which the build prerenders; a parameterized page folder missing here fails the build (pipeline/pages-phase.ts). */
export function contentRoutePaths(index: Slugs): Record<string, string[]> {
  return {
    '/blog/@slug': index.posts.map((post) => articlePath(post.slug)),
    '/topics/@slug': index.topics.map((topic) => topicPath(topic.slug)),
    [TOPIC_PAGE_ROUTE]: laterTopicPagePaths(index.topics.length),
  }
}

/** The path of every page of these routes: a fixed route is its own path; a parameterized one has a path per entry. */
export function pagePaths(routes: readonly string[], index: Slugs): string[] {
  const fromContent = contentRoutePaths(index)
  return routes.flatMap((route) => fromContent[route] ?? [route])
}
