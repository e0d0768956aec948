import type { RelatedTopic } from '../universal/content/types'
import { readTopic, topicSlugFiles, tokensFor, type TopicReads } from './content-files.server'
import { contentDir } from './paths.server'
import { relatedTopics, topicWordsOf } from './related.server'
import { loadSite } from './site.server'

// A topic page's related topics where no build chose them: in `npm run dev`, and when a test renders a
// topic page on its own. The build chooses them before it renders any topic page, with the words of
// every topic file kept in its cache (pipeline/related-topics.ts), and hands each page its list.

let cached: { dir: string; related: ReadonlyMap<string, RelatedTopic[]> } | undefined

/**
 * Every topic's related topics, by slug, from the topic files of `dir`, or from `topicReads` when they
 * hold them (`npm run dev` has read them already); chosen once per process (the dev server reloads it on
 * a content change).
 */
export function loadRelatedTopics(dir: string = contentDir(), topicReads?: TopicReads): ReadonlyMap<string, RelatedTopic[]> {
  if (cached?.dir === dir) return cached.related
  const site = loadSite(dir)
  const tokens = tokensFor(site)
  const topics = topicSlugFiles(dir, site)
    .map((topicFile) => {
      const { parsed } = topicReads?.get(topicFile.file) ?? readTopic(topicFile, tokens)
      return { slug: topicFile.slug, words: parsed && topicWordsOf(parsed.data) }
    })
    .sort((a, b) => (a.slug < b.slug ? -1 : 1))
  const lists = relatedTopics(topics)
  cached = { dir, related: new Map(topics.map(({ slug }, index) => [slug, lists[index]!])) }
  return cached.related
}
