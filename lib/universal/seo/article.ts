import type { BlogPost } from '../content/types'
import type { UiText } from '../ui-text'
import type { Site } from '../site'
import { markdownTwinPath } from '../alternates'
import { articlePath } from '../content/routes'
import type { PageSeo } from './head'
import { blogPostingJsonLd, breadcrumbJsonLd, jsonLdGraph } from './json-ld'
import type { RasterImage, SocialImage } from './social'

/** What a shared article shows and what its JSON-LD names as its publisher's logo (lib/node/cards). */
export type ArticleSocial = { image?: SocialImage | undefined; logo?: RasterImage | undefined }

/** The site paths of an article's pictures, as its BlogPosting names them wherever it is listed: what it shares (its card or the writer's own), then its cover. */
export function articleImages(post: Pick<BlogPost, 'coverImage'>, social: ArticleSocial): string[] {
  return [social.image?.url, post.coverImage?.url].filter((url) => url !== undefined)
}

export function articleSeo(post: BlogPost, site: Site, ui: UiText, social: ArticleSocial = {}): PageSeo {
  const path = articlePath(post.slug)
  // The topics' Home label: one site, one word for it.
  const crumbs = [
    { name: ui.topic.breadcrumbHome, path: '/' },
    { name: ui.blog.breadcrumbBlog, path: '/blog' },
    { name: post.title, path },
  ]
  return {
    path,
    title: post.title,
    description: post.description,
    type: 'article',
    published: post.date,
    modified: post.updated ?? post.date,
    markdown: markdownTwinPath(path),
    jsonLd: jsonLdGraph(blogPostingJsonLd({ ...post, path, images: articleImages(post, social) }, site, social.logo), breadcrumbJsonLd(crumbs, site)),
    ...(social.image && { image: social.image }),
  }
}
