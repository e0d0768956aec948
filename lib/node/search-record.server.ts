// From the content as the build read it, never the built pages: a topic by what it is about, an article by its whole text.
import type { BlogPost } from '../universal/content/types'
import { decodeEntities } from '../universal/search'
import { articlePath, topicPath } from '../universal/content/routes'

export type SearchRecord = { url: string; title: string; text: string }

const plainText = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()

/** Titled as its listing titles it; its text is its heading as a sentence, then its summary. */
export const topicSearchRecord = (slug: string, { title, h1, summary }: { title: string; h1: string; summary: string }): SearchRecord => ({
  url: topicPath(slug),
  title,
  text: `${h1}${/[.!?:…]$/.test(h1) ? '' : '.'} ${summary}`,
})

export const articleSearchRecord = (post: Pick<BlogPost, 'slug' | 'title' | 'description' | 'html'>): SearchRecord => ({
  url: articlePath(post.slug),
  title: post.title,
  text: `${post.description} ${plainText(post.html)}`,
})
