// The build's pre-pass over the topic files: each page links to related topics, so the build needs every
// topic's words first. Each file is read for its digest; only one whose words the cache does not hold by
// that digest is parsed, and that parse goes to the worker that renders its page, so none is parsed twice.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readTopic, tokensFor, withoutBody, type TopicReadWithoutBody } from '../lib/node/content-files.server'
import { relatedTopics, topicWordsOf, type TopicWords } from '../lib/node/related.server'
import type { RelatedTopic, SlugFile } from '../lib/universal/content/types'
import type { Site } from '../lib/universal/site'
import { digest } from './cache'

/** A topic file, the digest of its bytes, its words (none when it is not valid), its related topics, and its parse if made here. */
export interface TopicSource extends SlugFile {
  digest: string
  words?: TopicWords
  related: readonly RelatedTopic[]
  read?: TopicReadWithoutBody
}

/** The cache file: the words of each topic file by the digest of its bytes (null: not valid), valid for the `key` it was written with. */
type FactsFile = { key: string; facts: Record<string, TopicWords | null> }

function readFactsFile(file: string, key: string): Map<string, TopicWords | null> {
  if (!existsSync(file)) return new Map()
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as FactsFile
    return saved.key === key ? new Map(Object.entries(saved.facts)) : new Map()
  } catch {
    // A cache file cut short (a build stopped while writing it) is read as empty.
    return new Map()
  }
}

/** Every topic file as a TopicSource. `factsCode` is the digest of the code that parses a file (code.ts). */
export function readTopicSources(topicFiles: readonly SlugFile[], site: Site, factsCode: string, cacheDir: string, fresh: boolean): TopicSource[] {
  const file = join(cacheDir, 'topic-facts.json')
  const tokens = tokensFor(site)
  // The words depend on the tokens replaced in them and the code that parses them, besides the file's bytes.
  const key = digest(JSON.stringify(tokens), factsCode)
  const known = fresh ? new Map<string, TopicWords | null>() : readFactsFile(file, key)
  const kept: Record<string, TopicWords | null> = {}
  let parsed = 0
  const topics = topicFiles.map((topicFile) => {
    const bytes = readFileSync(topicFile.file)
    const fileDigest = digest(bytes)
    let words = known.get(fileDigest)
    let read: TopicReadWithoutBody | undefined
    if (words === undefined) {
      const whole = readTopic(topicFile, tokens, bytes.toString('utf8'))
      words = whole.parsed ? topicWordsOf(whole.parsed.data) : null
      read = withoutBody(whole)
      parsed++
    }
    kept[fileDigest] = words
    return { ...topicFile, digest: fileDigest, words: words ?? undefined, read }
  })
  // Rewritten when a file was parsed for its words, or one has gone: the cache holds this build's files only.
  if (parsed > 0 || Object.keys(kept).length !== known.size) {
    const temporary = `${file}.${process.pid}.tmp`
    writeFileSync(temporary, JSON.stringify({ key, facts: kept } satisfies FactsFile))
    renameSync(temporary, file)
  }
  const bySlug = [...topics].sort((a, b) => (a.slug < b.slug ? -1 : 1))
  const lists = relatedTopics(bySlug)
  const relatedOf = new Map(bySlug.map(({ slug }, index) => [slug, lists[index]!]))
  return topics.map(({ slug, file, digest, words, read }) => ({
    slug,
    file,
    digest,
    related: relatedOf.get(slug)!,
    ...(words && { words }),
    ...(read && { read }),
  }))
}
