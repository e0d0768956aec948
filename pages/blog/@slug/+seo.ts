import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/node/content.server'
import type { PageSeo } from '../../../lib/shared/seo/head'
import { blogPostingJsonLd, breadcrumbJsonLd, jsonLdGraph } from '../../../lib/shared/seo/json-ld'

export default async ({ routeParams, site }: PageContextServer): Promise<PageSeo> => {
  const post = (await loadContent()).postsBySlug.get(routeParams.slug ?? '')
  if (!post) throw new Error(`No article for /blog/${routeParams.slug}`)
  const path = `/blog/${post.slug}`
  return {
    path,
    title: post.title,
    description: post.description,
    type: 'article',
    published: post.date,
    modified: post.updated ?? post.date,
    jsonLd: jsonLdGraph(
      blogPostingJsonLd({ ...post, path }, site),
      breadcrumbJsonLd([{ name: 'Home', path: '/' }, { name: 'Blog', path: '/blog' }, { name: post.title, path }], site),
    ),
  }
}
