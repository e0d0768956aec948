// The pre-pass over the topic files for their words, which related topics need; a file is parsed at most once a build.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { readTopic, tokensFor, withoutBody, type TopicReadWithoutBody } from '../lib/node/content-files.server'
import { relatedTopics, topicWordsOf, type Remembered, type TopicWords } from '../lib/node/related.server'
import type { RelatedTopic, SlugFile } from '../lib/universal/content/types'
import type { Site } from '../lib/universal/site'
import { digest, readJsonFile, writeWhole } from './cache'

/** A topic file with its digest, its words (none when not valid), its related topics, and its parse if made here. */
export type TopicSource = SlugFile & { digest: string; words?: TopicWords; related: readonly RelatedTopic[]; read?: TopicReadWithoutBody }

/** Words by digest (null: not valid), and each file's digest by its stamp as it stood at `at`. */
type FactsFile = { key: string; facts: Record<string, TopicWords | null>; stamps: Record<string, [Stamp, string]>; at: number }

/** A file's size, times and inode: while they stay the same, its bytes are not read again for their digest. */
type Stamp = string

/** A file changed this close to its stamp's recording is read again, as git does with a "racily clean" file. */
const RACY_MS = 2000

function stampOf(file: string): { stamp: Stamp; changed: number } {
  const { size, mtimeMs, ctimeMs, ino } = statSync(file)
  return { stamp: `${size} ${mtimeMs} ${ctimeMs} ${ino}`, changed: ctimeMs }
}

function readFactsFile(file: string, key: string): Omit<FactsFile, 'key'> {
  const saved = readJsonFile<FactsFile>(file)
  return saved?.key === key && saved.stamps ? saved : { facts: {}, stamps: {}, at: 0 }
}

/** The related topics chosen for the same entries by the same code: a build that changed no topic's words compares none. */
function rememberedIn(file: string, code: string): Remembered {
  return (entries, choose) => {
    const key = digest(code, JSON.stringify(entries))
    const saved = readJsonFile<{ key: string; chosen: number[][] }>(file)
    if (saved?.key === key) return saved.chosen
    const chosen = choose()
    writeWhole(file, JSON.stringify({ key, chosen }))
    return chosen
  }
}

/** `factsCode`: the digest of the code that parses a file (code.ts). */
export function readTopicSources(topicFiles: readonly SlugFile[], site: Site, factsCode: string, cacheDir: string, fresh: boolean): TopicSource[] {
  const file = join(cacheDir, 'topic-facts.json')
  const tokens = tokensFor(site)
  // The words depend on the tokens replaced in them and the code that parses them, besides the file's bytes.
  const key = digest(JSON.stringify(tokens), factsCode)
  const saved = fresh ? { facts: {}, stamps: {}, at: 0 } : readFactsFile(file, key)
  const known = new Map(Object.entries(saved.facts))
  const kept: FactsFile = { key, facts: {}, stamps: {}, at: Date.now() }
  let read = 0
  let parsed = 0
  const topics = topicFiles.map((topicFile) => {
    // The stamp before the bytes: a file changed between the two is read again by the next build.
    const { stamp, changed } = stampOf(topicFile.file)
    const seen = saved.stamps[topicFile.file]
    let bytes: Buffer | undefined
    let fileDigest = seen?.[0] === stamp && changed < saved.at - RACY_MS ? seen[1] : undefined
    if (fileDigest === undefined) {
      bytes = readFileSync(topicFile.file)
      fileDigest = digest(bytes)
      read++
    }
    let words = known.get(fileDigest)
    let whole: TopicReadWithoutBody | undefined
    if (words === undefined) {
      const topic = readTopic(topicFile, tokens, (bytes ?? readFileSync(topicFile.file)).toString('utf8'))
      words = topic.parsed ? topicWordsOf(topic.parsed.data) : null
      whole = withoutBody(topic)
      parsed++
    }
    kept.facts[fileDigest] = words
    kept.stamps[topicFile.file] = [stamp, fileDigest]
    return { ...topicFile, digest: fileDigest, words: words ?? undefined, read: whole }
  })
  // Rewritten when a file was read, or one has gone: the cache holds this build's files only.
  if (read > 0 || parsed > 0 || Object.keys(kept.stamps).length !== Object.keys(saved.stamps).length) writeWhole(file, JSON.stringify(kept))
  const bySlug = [...topics].sort((a, b) => (a.slug < b.slug ? -1 : 1))
  const lists = relatedTopics(bySlug, fresh ? {} : { remembered: rememberedIn(join(cacheDir, 'related-topics.json'), key) })
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
