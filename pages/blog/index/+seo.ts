import type { PageContextServer } from 'vike/types'
import { articleSocial } from '../../../lib/node/cards/cards.server'
import { loadContent } from '../../../lib/node/content-index.server'
import { copySeo } from '../../../lib/node/pages.server'
import { articlePath } from '../../../lib/universal/content/routes'
import { articleImages } from '../../../lib/universal/seo/article'
import { blogJsonLd } from '../../../lib/universal/seo/json-ld'

// The shared head, plus the Blog and each article it lists, with the pictures its own page names.
export default async (pageContext: PageContextServer) => {
  const { posts } = await loadContent()
  const { site, ui } = pageContext
  const listed = posts.map((post) => ({
    ...post,
    path: articlePath(post.slug),
    images: articleImages(post, articleSocial(post, ui.card.article, site).social),
  }))
  return copySeo(pageContext, (page, path) => ({ jsonLd: blogJsonLd({ name: page.h1, description: page.description, path }, listed, site) }))
}
