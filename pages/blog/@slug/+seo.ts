import type { PageContextServer } from 'vike/types'
import { articleSocial } from '../../../lib/node/cards/cards.server'
import { articleSeo } from '../../../lib/universal/seo/article'
import { postOf } from '../../entries'

export default async (pageContext: PageContextServer) => {
  const { site, ui } = pageContext
  const post = await postOf(pageContext)
  const { social, drawn } = articleSocial(post, ui.card.article, site)
  return { ...articleSeo(post, site, ui, social), drawn }
}
