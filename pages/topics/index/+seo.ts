import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/node/content-index.server'
import { copySeo } from '../../../lib/node/pages.server'
import { collectionPageJsonLd } from '../../../lib/universal/seo/json-ld'
import { topicPath } from '../../../lib/universal/seo/topic'

// The shared head, plus the collection of every topic it lists.
export default async (pageContext: PageContextServer) => {
  const { topics } = await loadContent()
  const items = topics.map((topic) => ({ title: topic.title, description: topic.summary, path: topicPath(topic.slug) }))
  return copySeo(pageContext, (page, path) => ({
    jsonLd: collectionPageJsonLd({ name: page.h1, description: page.description, path }, items, pageContext.site),
  }))
}
