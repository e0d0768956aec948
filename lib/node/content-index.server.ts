import { join } from 'node:path'
import { ContentError, readTopics, slugFiles, slugTakenFrom } from './content-files.server'
import { readTopicFile } from './content-collections.server'
import { bySlug, checkContent, readContentIndex, readContentIndexKeepingGoing } from './content.server'
import { contentDevMode } from './dev-mode.server'
import { contentDir } from './paths.server'
import { leftOutOf, publishingOf } from './publication.server'
import { loadRelatedTopics } from './related-topics.server'
import { loadSite } from './site.server'
import type { BlogPost, ContentIndex, Topic, TopicEntry } from '../universal/content/types'
import type { Redirect } from '../universal/routes'
import type { Site } from '../universal/site'

// What the pages read of the content, once per process: the index (the articles, the fixed pages'
// copy, the list of topics) and, in `npm run dev`, every problem a build would stop on and the topic
// pages' related topics; and one topic at a time, rendered from its own file.

let cachedIndex: { dir: string; index: Promise<LoadedIndex>; built?: ContentIndex } | undefined

export interface LoadedIndex extends ContentIndex {
  postsBySlug: ReadonlyMap<string, BlogPost>
  topicsBySlug: ReadonlyMap<string, TopicEntry>
  /** Every problem a build would stop on, each file's shown on its page (only in dev mode, contentDevMode's keepGoing; otherwise a problem throws). */
  problems: readonly string[]
  /** The old URLs a build would answer with a 308 (only in dev mode, keepGoing: the Node server reads the build's). */
  redirects: readonly Redirect[]
}

async function indexFor(dir: string): Promise<LoadedIndex> {
  const { index, problems, redirects } = contentDevMode().keepGoing ? await devIndex(dir) : { index: await readContentIndex(dir), problems: [], redirects: [] }
  return loaded(index, problems, redirects)
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
 * `npm run dev`'s index: every valid file, drafts and scheduled entries included; and the problems and
 * old URLs of the build's own check (checkContent, on the day and terms of a build, as `npm run
 * check:content` runs it), so that dev shows every problem a build would stop on (links, old URLs, a
 * published page's link to a draft) and answers the old URLs as the built site does. Each topic file is
 * read and parsed once for the three (the index, the check and the related topics, chosen here for the
 * topic pages): the dev server reads all of them again after every change of the content.
 */
async function devIndex(dir: string): Promise<{ index: ContentIndex; problems: string[]; redirects: Redirect[] }> {
  const site = loadSite(dir)
  const topicReads = readTopics(dir, site)
  const { index, problems } = await readContentIndexKeepingGoing(dir, site, topicReads)
  const asBuilt = await checkContent(dir, site, undefined, undefined, { ...publishingOf(), showUnpublished: false }, topicReads)
  loadRelatedTopics(dir, topicReads)
  return { index, problems: [...new Set([...problems, ...asBuilt.problems])], redirects: asBuilt.redirects }
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
  if (!cachedIndex || cachedIndex.dir !== dir) cachedIndex = { dir, index: indexFor(dir) }
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
 * not valid. Read afresh on each call: a page's hooks share one lookup (pages/entries.ts).
 */
export async function loadTopic(slug: string, dir: string = contentDir()): Promise<Topic | undefined> {
  const file = topicFileOf(dir, slug)
  if (file === undefined) return undefined
  const { topic } = await readTopicFile({ slug, file }, siteOf(dir))
  return leftOutOf(topic, `/topics/${slug}`, publishingOf()) ? undefined : topic
}
