import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/node/content.server'
import { pageSeo } from '../../../lib/node/pages.server'
import { collectionPageJsonLd } from '../../../lib/shared/seo/json-ld'

export default async ({ site }: PageContextServer) => {
  const { pages, topics } = await loadContent()
  const items = topics.map((topic) => ({ title: topic.title, description: topic.summary, path: `/topics/${topic.slug}` }))
  return pageSeo('topics', '/topics', {
    jsonLd: collectionPageJsonLd({ name: pages.topics.h1, description: pages.topics.description, path: '/topics' }, items, site),
  })
}
