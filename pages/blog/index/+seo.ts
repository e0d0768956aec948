import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/node/content.server'
import { copySeo } from '../../../lib/node/pages.server'
import { articlePath } from '../../../lib/universal/seo/article'
import { blogJsonLd } from '../../../lib/universal/seo/json-ld'

// The shared head, plus the Blog and each article it lists.
export default async (pageContext: PageContextServer) => {
  const { posts } = await loadContent()
  const listed = posts.map((post) => ({ ...post, path: articlePath(post.slug) }))
  return copySeo(pageContext, (page, path) => ({ jsonLd: blogJsonLd({ name: page.h1, description: page.description, path }, listed, pageContext.site) }))
}
