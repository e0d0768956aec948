import type { PageContextServer } from 'vike/types'
import type { PageSeo } from '../../../lib/shared/seo/head'
import { topicSeo } from '../../../lib/shared/seo/topic'
import { topicOf } from './topic'

export default async (pageContext: PageContextServer): Promise<PageSeo> => {
  const topic = await topicOf(pageContext)
  if (!topic) throw new Error(`No topic for /topics/${pageContext.routeParams.slug}`)
  return topicSeo(topic, pageContext.site, pageContext.ui)
}
