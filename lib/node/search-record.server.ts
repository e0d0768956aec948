// What the site search (pipeline/search-index.ts) keeps of an article or a topic, taken from the content
// as the build has already read it, never from the built pages: a topic's title, heading and summary
// (the words the build's pre-pass holds for every topic file without parsing it again), an article's
// title, description and text. At 10,000 topics, reading every page back and indexing all
// its words made an index that took Pagefind about 50 s to build and a first query about 290 KB to load;
// a reader looking for one topic among thousands looks for it by what it is about.
import type { BlogPost } from '../universal/content/types'
import { decodeEntities } from '../universal/search'

/** One page of the search index: its URL, its title and its text. */
export interface SearchRecord {
  url: string
  title: string
  text: string
}

/** An HTML fragment's text, one space between words. */
const plainText = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()

/** A topic, titled as its listing titles it; its text is its page's heading as a sentence, then its summary. */
export const topicSearchRecord = (slug: string, { title, h1, summary }: { title: string; h1: string; summary: string }): SearchRecord => ({
  url: `/topics/${slug}`,
  title,
  text: `${h1}${/[.!?:…]$/.test(h1) ? '' : '.'} ${summary}`,
})

export const articleSearchRecord = (post: Pick<BlogPost, 'slug' | 'title' | 'description' | 'html'>): SearchRecord => ({
  url: `/blog/${post.slug}`,
  title: post.title,
  text: `${post.description} ${plainText(post.html)}`,
})
