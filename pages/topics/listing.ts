import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../lib/node/content-index.server'
import { laterTopicPageOf, topicPageCount, topicsOnPage } from '../../lib/universal/content/topic-pages'
import type { TopicEntry } from '../../lib/universal/content/types'

/** One page of the topic index: its number (from 1), how many there are, and the topics it lists. */
export interface TopicListing {
  page: number
  pages: number
  topics: TopicEntry[]
}

/** The page of the topic index a URL shows; a number no page has (1, one past the last, "02") is a 404, in dev as built. */
export async function topicListingOf({ routeParams }: PageContextServer): Promise<TopicListing> {
  const { topics } = await loadContent()
  const pages = topicPageCount(topics.length)
  const page = routeParams.n === undefined ? 1 : laterTopicPageOf(routeParams.n, topics.length)
  if (page === undefined) throw render(404)
  return { page, pages, topics: topicsOnPage(topics, page) }
}
