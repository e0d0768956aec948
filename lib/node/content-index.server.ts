import { ContentError, readTopic, slugTakenFrom, tokensFor, topicSlugFiles, type TopicReads } from './content-files.server'
import { bySlug, readContentIndex, readTopicFile } from './content.server'
import { contentDevMode } from './dev-mode.server'
import { contentDir } from './paths.server'
import { leftOutOf, publishingOf } from './publication.server'
import { relatedTopics, topicWordsOf } from './related.server'
import { loadSite } from './site.server'
import type { BlogPost, ContentIndex, RelatedTopic, Topic, TopicEntry } from '../universal/content/types'
import type { Redirect } from '../universal/routes'
import { topicPath } from '../universal/content/routes'

// What the pages read of the content, once per process (in `npm run dev`, once per change: the dev server drops this module).

let cachedIndex: { dir: string; index: Promise<LoadedIndex>; built?: ContentIndex } | undefined
/** In `npm run dev`, the topic files as this change of the content reads them. */
let devTopicReads: { dir: string; reads: TopicReads } | undefined

interface LoadedIndex extends ContentIndex {
  postsBySlug: ReadonlyMap<string, BlogPost>
  topicsBySlug: ReadonlyMap<string, TopicEntry>
  /** Only in dev (contentDevMode's keepGoing; elsewhere a problem throws): every problem a build would stop on, and the old URLs it would answer. */
  problems: readonly string[]
  redirects: readonly Redirect[]
}

function loaded(index: ContentIndex, problems: readonly string[] = [], redirects: readonly Redirect[] = []): LoadedIndex {
  return { ...index, postsBySlug: bySlug(index.posts), topicsBySlug: bySlug(index.topics), problems, redirects }
}

/** Makes `index`, which the build validated, the content index of this process, so its pages never read the whole content again. */
export function takeBuiltIndex(index: ContentIndex, dir: string = contentDir()): void {
  if (cachedIndex?.built === index) return
  cachedIndex = { dir, index: Promise.resolve(loaded(index)), built: index }
}

/** In dev, with its problems and old URLs, and the topic reads kept for loadTopic and loadRelatedTopics. */
async function readIndex(dir: string): Promise<LoadedIndex> {
  if (!contentDevMode().keepGoing) {
    const { index, problems } = await readContentIndex(dir, siteOf(dir))
    if (problems.length > 0) throw new ContentError(problems)
    return loaded(index)
  }
  const tokens = tokensFor(siteOf(dir))
  const topicReads = new Map(topicSlugFiles(dir, siteOf(dir)).map((topicFile) => [topicFile.file, readTopic(topicFile, tokens)]))
  devTopicReads = { dir, reads: topicReads }
  const { index, problems, redirects } = await readContentIndex(dir, siteOf(dir), topicReads)
  loadRelatedTopics(dir)
  return loaded(index, [...new Set(problems)], redirects)
}

/** The problems of `file` (another file's claim to its slug too) as a ContentError; undefined when it has none. */
export function problemsOfFile({ problems }: Pick<LoadedIndex, 'problems'>, file: string): ContentError | undefined {
  const own = problems.filter((problem) => problem.startsWith(`${file}:`) || problem.endsWith(slugTakenFrom(file)))
  return own.length > 0 ? new ContentError(own) : undefined
}

/** Outside `npm run dev` undefined, with no content read. */
export async function devProblemsOf(file: string): Promise<ContentError | undefined> {
  return contentDevMode().keepGoing ? problemsOfFile(await loadContent(), file) : undefined
}

/** To throw where a page needs a file the index left out. */
export function contentProblemsOf(index: Pick<LoadedIndex, 'problems'>, file: string): ContentError {
  return problemsOfFile(index, file) ?? new ContentError([`${file}: could not be read; the terminal running the dev server lists why`])
}

export function loadContent(dir: string = contentDir()): Promise<LoadedIndex> {
  if (cachedIndex?.dir !== dir) cachedIndex = { dir, index: readIndex(dir) }
  return cachedIndex.index
}

/** `make`, made once per process for the last `dir` asked. */
function perDir<T>(make: (dir: string) => T): (dir?: string) => T {
  let cached: { dir: string; value: T } | undefined
  return (dir = contentDir()) => {
    if (cached?.dir !== dir) cached = { dir, value: make(dir) }
    return cached.value
  }
}

const siteOf = perDir(loadSite)

const topicFilesOf = perDir((dir) => new Map(topicSlugFiles(dir, siteOf(dir)).map(({ slug, file }) => [slug, file])))

/** Rendered afresh on each call; undefined when no topic has this slug or this process does not show it; throws a ContentError. */
export async function loadTopic(slug: string, dir: string = contentDir()): Promise<Topic | undefined> {
  const file = topicFilesOf(dir).get(slug)
  if (file === undefined) return undefined
  if (contentDevMode().keepGoing) await loadContent(dir)
  const { topic } = await readTopicFile({ slug, file }, siteOf(dir), devTopicReads?.dir === dir ? devTopicReads.reads.get(file) : undefined)
  return leftOutOf(topic, topicPath(slug), publishingOf()) ? undefined : topic
}

/** By slug, where no build chose them (`npm run dev`, tests). */
export const loadRelatedTopics = perDir((dir): ReadonlyMap<string, RelatedTopic[]> => {
  const site = siteOf(dir)
  const tokens = tokensFor(site)
  const topics = topicSlugFiles(dir, site)
    .map((topicFile) => {
      const { parsed } = (devTopicReads?.dir === dir && devTopicReads.reads.get(topicFile.file)) || readTopic(topicFile, tokens)
      return { slug: topicFile.slug, words: parsed && topicWordsOf(parsed.data) }
    })
    .sort((a, b) => (a.slug < b.slug ? -1 : 1))
  const lists = relatedTopics(topics)
  return new Map(topics.map(({ slug }, index) => [slug, lists[index]!]))
})
