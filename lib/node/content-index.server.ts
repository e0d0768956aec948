import { join } from 'node:path'
import { ContentError, readTopic, readTopics, slugFiles, slugTakenFrom, tokensFor, topicSlugFiles, type TopicReads } from './content-files.server'
import { bySlug, readContentIndex, readTopicFile } from './content.server'
import { contentDevMode } from './dev-mode.server'
import { contentDir } from './paths.server'
import { leftOutOf, publishingOf } from './publication.server'
import { relatedTopics, topicWordsOf } from './related.server'
import { loadSite } from './site.server'
import type { BlogPost, ContentIndex, RelatedTopic, Topic, TopicEntry } from '../universal/content/types'
import type { Redirect } from '../universal/routes'
import type { Site } from '../universal/site'

// What the pages read of the content, once per process: the index (the articles, the fixed pages'
// copy, the list of topics) and, in `npm run dev`, every problem a build would stop on; the topic pages'
// related topics where no build chose them; and one topic at a time, rendered from its own file.

let cachedIndex: { dir: string; index: Promise<LoadedIndex>; built?: ContentIndex } | undefined
/** In `npm run dev`, the topic files as this change of the content reads them (devIndex). */
let devTopicReads: { dir: string; reads: TopicReads } | undefined

export interface LoadedIndex extends ContentIndex {
  postsBySlug: ReadonlyMap<string, BlogPost>
  topicsBySlug: ReadonlyMap<string, TopicEntry>
  /** Every problem a build would stop on, each file's shown on its page (only in dev mode, contentDevMode's keepGoing; otherwise a problem throws). */
  problems: readonly string[]
  /** The old URLs a build would answer with a 308 (only in dev mode, keepGoing: the Node server reads the build's). */
  redirects: readonly Redirect[]
}

function loaded(index: ContentIndex, problems: readonly string[] = [], redirects: readonly Redirect[] = []): LoadedIndex {
  return { ...index, postsBySlug: bySlug(index.posts), topicsBySlug: bySlug(index.topics), problems, redirects }
}

/**
 * Makes `index` the content index of this process: the build validated it and hands it to the pages it
 * renders (pageContext.builtIndex, renderer/+onCreatePageContext.server.ts), so they never read the whole content again.
 */
export function takeBuiltIndex(index: ContentIndex, dir: string = contentDir()): void {
  if (cachedIndex?.built === index) return
  cachedIndex = { dir, index: Promise.resolve(loaded(index)), built: index }
}

/**
 * The index (readContentIndex). In `npm run dev`, every valid file, drafts and scheduled entries included,
 * with every problem a build would stop on and the old URLs it answers; each content file is read and
 * parsed once per change of the content (the dev server then drops this module), and its topic files'
 * reads are kept for the topic pages (loadTopic) and their related topics. Elsewhere a problem throws.
 */
async function readIndex(dir: string): Promise<LoadedIndex> {
  if (!contentDevMode().keepGoing) {
    const { index, problems } = await readContentIndex(dir, siteOf(dir))
    if (problems.length > 0) throw new ContentError(problems)
    return loaded(index)
  }
  const topicReads = readTopics(dir, siteOf(dir))
  devTopicReads = { dir, reads: topicReads }
  const { index, problems, redirects } = await readContentIndex(dir, siteOf(dir), topicReads)
  loadRelatedTopics(dir)
  return loaded(index, [...new Set(problems)], redirects)
}
/**
 * The problems of `file` as a ContentError to throw where a page needs it; undefined when it has none
 * (the file is fine, or absent). Another file's claim to the same slug counts: the page is both files'.
 */
export function problemsOfFile({ problems }: Pick<LoadedIndex, 'problems'>, file: string): ContentError | undefined {
  const own = problems.filter((problem) => problem.startsWith(`${file}:`) || problem.endsWith(slugTakenFrom(file)))
  return own.length > 0 ? new ContentError(own) : undefined
}

/** In `npm run dev`, the problems a build would stop on in `file` (problemsOfFile); elsewhere undefined, with no content read. */
export async function devProblemsOf(file: string): Promise<ContentError | undefined> {
  return contentDevMode().keepGoing ? problemsOfFile(await loadContent(), file) : undefined
}

/** A ContentError with the problems of `file` that the index left out, to throw where a page needs that file. */
export function contentProblemsOf(index: Pick<LoadedIndex, 'problems'>, file: string): ContentError {
  return problemsOfFile(index, file) ?? new ContentError([`${file}: could not be read; the terminal running the dev server lists why`])
}

/** The content index, once per process: the articles, the fixed pages' copy and the list of topics. */
export function loadContent(dir: string = contentDir()): Promise<LoadedIndex> {
  if (cachedIndex?.dir !== dir) cachedIndex = { dir, index: readIndex(dir) }
  return cachedIndex.index
}

let cachedSite: { dir: string; site: Site } | undefined

function siteOf(dir: string): Site {
  if (cachedSite?.dir !== dir) cachedSite = { dir, site: loadSite(dir) }
  return cachedSite.site
}

let cachedTopicFiles: { dir: string; files: ReadonlyMap<string, string> } | undefined

/** Each topic slug's file, from the folder's file names (no file is read). */
function topicFileOf(dir: string, slug: string): string | undefined {
  if (cachedTopicFiles?.dir !== dir) {
    const files = slugFiles(join(dir, 'topics'), siteOf(dir).productName, [])
    cachedTopicFiles = { dir, files: new Map(files.map(({ slug, file }) => [slug, file])) }
  }
  return cachedTopicFiles.files.get(slug)
}

/**
 * One topic, its markdown rendered; undefined when no topic has this slug, or when it is a draft or
 * scheduled and this process does not show those (publishingOf). Throws a ContentError when its file is
 * not valid. Rendered afresh on each call (a page's hooks share one lookup, pages/entries.ts), from the
 * file's read of this change of the content in `npm run dev`.
 */
export async function loadTopic(slug: string, dir: string = contentDir()): Promise<Topic | undefined> {
  const file = topicFileOf(dir, slug)
  if (file === undefined) return undefined
  // In dev, the one read of this change of the content, which the page's problems come from too.
  if (contentDevMode().keepGoing) await loadContent(dir)
  const { topic } = await readTopicFile({ slug, file }, siteOf(dir), devTopicReads?.dir === dir ? devTopicReads.reads.get(file) : undefined)
  return leftOutOf(topic, `/topics/${slug}`, publishingOf()) ? undefined : topic
}

let cachedRelated: { dir: string; related: ReadonlyMap<string, RelatedTopic[]> } | undefined

/**
 * Every topic's related topics, by slug, where no build chose them (the build does, with the words of
 * every topic file kept in its cache, pipeline/related-topics.ts): in `npm run dev`, from this change's
 * topic reads, and when a test renders a topic page on its own. Chosen once per process.
 */
export function loadRelatedTopics(dir: string = contentDir()): ReadonlyMap<string, RelatedTopic[]> {
  if (cachedRelated?.dir === dir) return cachedRelated.related
  const site = siteOf(dir)
  const tokens = tokensFor(site)
  const topics = topicSlugFiles(dir, site)
    .map((topicFile) => {
      const { parsed } = (devTopicReads?.dir === dir && devTopicReads.reads.get(topicFile.file)) || readTopic(topicFile, tokens)
      return { slug: topicFile.slug, words: parsed && topicWordsOf(parsed.data) }
    })
    .sort((a, b) => (a.slug < b.slug ? -1 : 1))
  const lists = relatedTopics(topics)
  cachedRelated = { dir, related: new Map(topics.map(({ slug }, index) => [slug, lists[index]!])) }
  return cachedRelated.related
}
