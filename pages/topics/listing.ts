import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../lib/node/content-index.server'
import { laterTopicPageOf, topicPageCount, topicsOnPage } from '../../lib/universal/content/topic-pages'
import type { TopicEntry } from '../../lib/universal/content/types'

/** The page of the topic index a URL shows; a number no page has (1, one past the last, "02") is a 404, in dev as built. */
export async function topicListingOf({ routeParams }: PageContextServer): Promise<{ page: number; pages: number; topics: TopicEntry[] }> {
  const { topics } = await loadContent()
  const pages = topicPageCount(topics.length)
  const page = routeParams.n === undefined ? 1 : laterTopicPageOf(routeParams.n, topics.length)
  if (page === undefined) throw render(404)
  return { page, pages, topics: topicsOnPage(topics, page) }
}
