import type { BlogPost } from '../content/types'
import type { UiText } from '../ui-text'
import type { Site } from '../site'
import { markdownTwinPath } from '../alternates'
import type { PageSeo } from './head'
import { blogPostingJsonLd, breadcrumbJsonLd, jsonLdGraph, type Crumb } from './json-ld'
import type { RasterImage, SocialImage } from './social'

/** An article's URL path; `/blog` lists them all. */
export function articlePath(slug: string): string {
  return `/blog/${slug}`
}

/** Home / Blog / the article's title, with the labels from layout.json (the topics' Home label: one site, one word for it). */
export function articleCrumbs(post: Pick<BlogPost, 'slug' | 'title'>, ui: Pick<UiText, 'topic' | 'blog'>): Crumb[] {
  return [
    { name: ui.topic.breadcrumbHome, path: '/' },
    { name: ui.blog.breadcrumbBlog, path: '/blog' },
    { name: post.title, path: articlePath(post.slug) },
  ]
}

/** What a shared article shows and what its JSON-LD names as its publisher's logo (lib/node/cards). */
export interface ArticleSocial {
  image?: SocialImage | undefined
  logo?: RasterImage | undefined
}

/** The site paths of an article's pictures, as its BlogPosting names them wherever it is listed: what it shares (its card or the writer's own), then its cover. */
export function articleImages(post: Pick<BlogPost, 'coverImage'>, social: ArticleSocial): string[] {
  return [social.image?.url, post.coverImage?.url].filter((url) => url !== undefined)
}

/** An article's head: its title and description, its dates, its social image, BlogPosting and breadcrumb structured data. */
export function articleSeo(post: BlogPost, site: Site, ui: UiText, social: ArticleSocial = {}): PageSeo {
  const path = articlePath(post.slug)
  const images = articleImages(post, social)
  return {
    path,
    title: post.title,
    description: post.description,
    type: 'article',
    published: post.date,
    modified: post.updated ?? post.date,
    markdown: markdownTwinPath(path),
    jsonLd: jsonLdGraph(blogPostingJsonLd({ ...post, path, images }, site, social.logo), breadcrumbJsonLd(articleCrumbs(post, ui), site)),
    ...(social.image && { image: social.image }),
  }
}
