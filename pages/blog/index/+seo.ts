import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/node/content.server'
import { pageSeo } from '../../../lib/node/pages.server'
import { blogJsonLd } from '../../../lib/shared/seo/json-ld'

export default async ({ site }: PageContextServer) => {
  const { pages, posts } = await loadContent()
  const listed = posts.map((post) => ({ ...post, path: `/blog/${post.slug}` }))
  return pageSeo('blog', '/blog', {
    jsonLd: blogJsonLd({ name: pages.blog.h1, description: pages.blog.description, path: '/blog' }, listed, site),
  })
}
