import { createWriteStream, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { BuiltPage } from '../lib/node/built-pages.server'
import { blogFeeds, fileSizes } from '../lib/node/feeds.server'
import { llmsTxtLines } from '../lib/node/llms-txt.server'
import { articleTwin } from '../lib/node/markdown-twin.server'
import { FEEDS, LLMS_TXT_PATH, markdownTwinPath } from '../lib/universal/alternates'
import type { BlogPost, SitePages, TopicEntry } from '../lib/universal/content/types'
import { articlePath } from '../lib/universal/seo/article'
import { fileOfPath } from '../lib/universal/routes'
import type { Site } from '../lib/universal/site'

/** What the build knows of its content once every page is written: the index the listing pages read. */
export interface Syndicated {
  /** Newest first. */
  posts: readonly BlogPost[]
  /** By title: the topics whose pages this build wrote (their twins are written with them, by the render workers). */
  topics: readonly TopicEntry[]
  pages: SitePages
  /** The build's day, YYYY-MM-DD: it dates the feeds when there is no article. */
  today: string
}

/**
 * The files for feed readers and answer engines, from the articles and topics this build published: the
 * three feeds, llms.txt, and each article's markdown twin (a topic's is written with its page). An article
 * is listed only if its page was built, so whatever the build leaves out (a draft, a post scheduled for
 * later) is left out here too.
 */
export async function writeSyndicationFiles(clientDir: string, pages: readonly BuiltPage[], site: Site, content: Syndicated) {
  const built = new Set(pages.map((page) => page.path))
  const posts = content.posts.filter((post) => built.has(articlePath(post.slug)))
  // The covers' files are in the site already (publishImages): their sizes are the enclosures' lengths.
  const coverBytes = fileSizes((path) => join(clientDir, path))
  const feeds = blogFeeds(posts, site, content.pages.blog, content.today, coverBytes)
  for (const feed of FEEDS) writeFileSync(join(clientDir, fileOfPath(feed.path)), feeds[feed.format])
  for (const post of posts) writeFileSync(join(clientDir, fileOfPath(markdownTwinPath(articlePath(post.slug)))), articleTwin(post))
  const lines = llmsTxtLines({ site, pages: content.pages, posts, topics: content.topics })
  await pipeline(Readable.from(lines), createWriteStream(join(clientDir, fileOfPath(LLMS_TXT_PATH))))
  return { articles: posts.length, twins: posts.length + content.topics.length }
}
