import { laterTopicPagePaths, TOPIC_PAGE_ROUTE } from './topic-pages'

/** An article's URL path; `/blog` lists them all. */
export function articlePath(slug: string): string {
  return `/blog/${slug}`
}

/** A topic's URL path; `/topics` lists them all. */
export function topicPath(slug: string): string {
  return `/topics/${slug}`
}

/** What the routes need of the content: each article's and each topic's slug. */
interface Slugs {
  posts: ReadonlyArray<{ slug: string }>
  topics: ReadonlyArray<{ slug: string }>
}

/**
 * The paths of every parameterized route, from the content: one per article and per topic, and the topic
 * index's pages after the first (lib/universal/content/topic-pages.ts). The build
 * prerenders each; a parameterized page folder missing here fails the build (pipeline/pages-phase.ts).
 */
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
