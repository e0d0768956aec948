/** Topics on one listing page: enough to browse, few enough that a page stays small at any number of topics. */
export const TOPICS_PER_PAGE = 48

/** The route of the listing pages after the first (pages/topics/page/@n). */
export const TOPIC_PAGE_ROUTE = '/topics/page/@n'

/** How many listing pages `topicCount` topics make: at least one, /topics, even when there is no topic. */
export function topicPageCount(topicCount: number): number {
  return Math.max(1, Math.ceil(topicCount / TOPICS_PER_PAGE))
}

/** The URL of listing page `page` (from 1): the first is /topics itself, never /topics/page/1. */
export function topicPagePath(page: number): string {
  return page === 1 ? '/topics' : `/topics/page/${page}`
}

export function laterTopicPagePaths(topicCount: number): string[] {
  return Array.from({ length: topicPageCount(topicCount) - 1 }, (_, index) => topicPagePath(index + 2))
}

export function topicsOnPage<T>(topics: readonly T[], page: number): T[] {
  return topics.slice((page - 1) * TOPICS_PER_PAGE, page * TOPICS_PER_PAGE)
}

/** The page number a /topics/page/<n> URL names; undefined for an n the build does not write ("02", "2.0"), 1 (that is /topics) or past the last. */
export function laterTopicPageOf(param: string, topicCount: number): number | undefined {
  if (!/^[1-9]\d*$/.test(param)) return undefined
  const page = Number(param)
  return page >= 2 && page <= topicPageCount(topicCount) ? page : undefined
}

/** Fills a paged title's `{page}` and `{pages}`: "Topics, page {page} of {pages}" → "Topics, page 2 of 209". */
export function pagedText(text: string, page: number, pages: number): string {
  return text.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pages))
}
