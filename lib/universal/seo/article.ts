import type { BlogPost } from '../content/types'
import type { UiText } from '../ui-text'
import type { Site } from '../site'
import { markdownTwinPath } from '../alternates'
import type { PageSeo } from './head'
import { blogPostingJsonLd, breadcrumbJsonLd, jsonLdGraph, type Crumb } from './json-ld'

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

/** An article's head: its title and description, its dates, BlogPosting and breadcrumb structured data. */
export function articleSeo(post: BlogPost, site: Site, ui: UiText): PageSeo {
  const path = articlePath(post.slug)
  return {
    path,
    title: post.title,
    description: post.description,
    type: 'article',
    published: post.date,
    modified: post.updated ?? post.date,
    markdown: markdownTwinPath(path),
    jsonLd: jsonLdGraph(blogPostingJsonLd({ ...post, path, image: post.coverImage?.url }, site), breadcrumbJsonLd(articleCrumbs(post, ui), site)),
  }
}
