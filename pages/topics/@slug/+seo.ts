import type { PageContextServer } from 'vike/types'
import { loadTopic } from '../../../lib/content/load'
import type { PageSeo } from '../../../lib/seo/head'
import { topicSeo } from '../../../lib/seo/topic'

export default async ({ routeParams, site, layout }: PageContextServer): Promise<PageSeo> => {
  const topic = await loadTopic(routeParams.slug ?? '')
  if (!topic) throw new Error(`No topic for /topics/${routeParams.slug}`)
  return topicSeo(topic, site, layout)
}
