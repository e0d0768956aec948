import type { PageContextServer } from 'vike/types'
import { withSocialCard } from '../../../lib/node/cards/cards.server'
import { topicSeo } from '../../../lib/universal/seo/topic'
import { topicOf } from '../../entries'

export default async (pageContext: PageContextServer) => {
  const { site, ui } = pageContext
  const topic = await topicOf(pageContext)
  return withSocialCard(topicSeo(topic, site, ui), topic.title, ui.card.topic, site)
}
