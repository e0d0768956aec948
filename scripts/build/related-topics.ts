import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tokensFor } from '../../lib/node/content.server'
import { relatedTopics } from '../../lib/node/related.server'
import { topicFactsOf, type TopicFacts } from '../../lib/node/topic-facts.server'
import type { SlugFile } from '../../lib/universal/content/types'
import type { Site } from '../../lib/universal/site'
import { digest } from './cache'
import type { TopicSource } from './pages'

// The build's pre-pass over the topic files, before any topic page is rendered. Each page links to
// three related topics, so the build needs every topic's title and summary first (a worker reads
// only its own topic's file). It reads each file once: the digest of its bytes (the page's key) and
// its facts (lib/node/topic-facts.server.ts), which the cache keeps by that digest, so an unchanged
// file is not read for them again. Then it chooses the related topics of every page at once.

/** The cache file: the facts of each topic file by the digest of its bytes, valid for the `key` it was written with. */
interface FactsFile {
  key: string
  facts: Record<string, TopicFacts | null>
}

/** What the facts depend on besides a file's bytes: the tokens replaced in them and the code that reads them (its digest, code.ts). */
function factsKey(site: Site, code: string): string {
  return digest(JSON.stringify(tokensFor(site)), code)
}

function readFactsFile(file: string, key: string): Map<string, TopicFacts | null> {
  if (!existsSync(file)) return new Map()
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as FactsFile
    return saved.key === key ? new Map(Object.entries(saved.facts)) : new Map()
  } catch {
    // A cache file cut short (a build stopped while writing it) is read as empty.
    return new Map()
  }
}

/**
 * Every topic file with the digest of its bytes and its related topics (slug, title and summary of
 * each, which its page shows and its key covers). `factsCode` is the digest of the code that reads a
 * file's facts (code.ts). `fresh` ignores the cache (and refills it).
 */
export function readTopicSources(topicFiles: readonly SlugFile[], site: Site, factsCode: string, cacheDir: string, fresh: boolean): TopicSource[] {
  const file = join(cacheDir, 'topic-facts.json')
  const key = factsKey(site, factsCode)
  const known = fresh ? new Map<string, TopicFacts | null>() : readFactsFile(file, key)
  const tokens = tokensFor(site)
  const kept: Record<string, TopicFacts | null> = {}
  let read = 0
  const topics = topicFiles.map((topicFile) => {
    const bytes = readFileSync(topicFile.file)
    const fileDigest = digest(bytes)
    let facts = known.get(fileDigest)
    if (facts === undefined) {
      facts = topicFactsOf(bytes.toString('utf8'), tokens) ?? null
      read++
    }
    kept[fileDigest] = facts
    return { ...topicFile, digest: fileDigest, facts: facts ?? undefined }
  })
  // Rewritten when a file was read for its facts, or one has gone: the cache holds this build's files only.
  if (read > 0 || Object.keys(kept).length !== known.size) {
    const temporary = `${file}.${process.pid}.tmp`
    writeFileSync(temporary, JSON.stringify({ key, facts: kept } satisfies FactsFile))
    renameSync(temporary, file)
  }
  const bySlug = [...topics].sort((a, b) => (a.slug < b.slug ? -1 : 1))
  const lists = relatedTopics(bySlug)
  const relatedOf = new Map(bySlug.map(({ slug }, index) => [slug, lists[index]!]))
  return topics.map(({ slug, file, digest }) => ({ slug, file, digest, related: relatedOf.get(slug)! }))
}
