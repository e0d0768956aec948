import { join } from 'node:path'
import { byDate, checkUiText, readCollection, readPages, readPosts, renderTopicInto } from './content-collections.server'
import type { FileLinks } from './content-links.server'
import { ContentError, parsedTopic, slugFiles, tokensFor, type TopicReads } from './content-files.server'
import { ImageCache } from './image-cache.server'
import { pageRoutes } from './page-routes.server'
import { contentDir, imageCacheDir } from './paths.server'
import { leftOutOf, publishingOf, unpublishedLabel, type LeftOut, type Publishing } from './publication.server'
import type { ImageRead } from './rehype-images.server'
import { checkLinksAndRedirects } from './site-checks.server'
import { loadSite } from './site.server'
import { pagePaths } from '../universal/content/routes'
import { topicFrontmatter } from '../universal/content/schemas'
import { TOPIC_ENTRY_FIELDS, type BlogPost, type Content, type ContentIndex, type SitePages, type SlugFile, type TopicEntry } from '../universal/content/types'
import type { Redirect } from '../universal/routes'
import type { Site } from '../universal/site'

// The whole content read, validated and checked at once (checkContent: `npm run check:content`, a
// build that meets a problem, `npm run dev`), or all but the topics' own files (the build, whose
// workers read those), and the index lists are made from.

const byTitle = (a: TopicEntry, b: TopicEntry) => a.title.localeCompare(b.title, 'en') || a.slug.localeCompare(b.slug)

/** The articles or topics `publishing` shows, and the ones it leaves out, with why, by path. */
function published<T extends { slug: string; file: string; draft?: boolean; date?: string; redirectFrom?: readonly string[] }>(
  entries: readonly T[],
  folder: 'blog' | 'topics',
  publishing: Publishing,
): { shown: T[]; leftOut: LeftOut[] } {
  const shown: T[] = []
  const leftOut: LeftOut[] = []
  for (const entry of entries) {
    const out = leftOutOf(entry, `/${folder}/${entry.slug}`, publishing)
    if (out) leftOut.push(out)
    else shown.push(entry)
  }
  // By path, whatever order the entries came in (articles come newest first).
  leftOut.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return { shown, leftOut }
}

/** What checkContent finds: the content as a read under its publishing shows it, the old URLs it answers, and every problem. */
export interface ContentCheck {
  content: Content & { leftOut: LeftOut[] }
  /** The old URLs (`redirectFrom`) of the pages shown, sorted by old URL. */
  redirects: Redirect[]
  /** One line per problem, as ContentError lists them; empty when all is valid. */
  problems: string[]
}

/**
 * Reads, validates and renders every content file under `dir`, encoding its images through `cache`,
 * and checks that each link of the markdown leads to a page of `routes` or a file of public/, and each
 * old URL (`redirectFrom`) to a page. Drafts and entries dated after `publishing.today` are validated,
 * then left out (`leftOut`) unless `publishing` shows them. The check `npm run check:content`, a build
 * that meets a problem and `npm run dev` (on a build's publishing) all run; readContent throws its problems.
 * The topic files are taken from `topicReads` when given (`npm run dev` has read them already).
 */
export async function checkContent(
  dir: string = contentDir(),
  site: Site = loadSite(dir),
  routes: readonly string[] = pageRoutes(),
  cache: ImageCache = new ImageCache(imageCacheDir()),
  publishing: Publishing = publishingOf(),
  topicReads?: TopicReads,
): Promise<ContentCheck> {
  const problems: string[] = []
  const links: FileLinks[] = []
  const images: ImageRead = { cache, contentRoot: dir, problems }
  const allPosts = await readPosts(dir, site, problems, links, images)
  const sharedRead = topicReads && ((topicFile: SlugFile, tokens: Record<string, string>) => parsedTopic(topicFile, tokens, problems, topicReads))
  const allTopics = await readCollection(join(dir, 'topics'), topicFrontmatter, site, problems, renderTopicInto(links, site.productName, images), sharedRead)
  const pages = await readPages(join(dir, 'pages'), site, problems, links, images)
  checkUiText(dir, site, problems)
  const { shown: posts, leftOut: postsLeftOut } = published(allPosts, 'blog', publishing)
  const { shown: topics, leftOut: topicsLeftOut } = published(allTopics, 'topics', publishing)
  const leftOut = [...postsLeftOut, ...topicsLeftOut]
  const paths = pagePaths(routes, { posts, topics })
  const redirecting = [
    ...posts.map(({ file, slug, redirectFrom }) => ({ file, path: `/blog/${slug}`, redirectFrom })),
    ...topics.map(({ file, slug, redirectFrom }) => ({ file, path: `/topics/${slug}`, redirectFrom })),
  ]
  const checked = checkLinksAndRedirects({ paths, redirecting, leftOut, links })
  problems.push(...checked.problems.flatMap((file) => file.problems))
  posts.sort(byDate)
  topics.sort(byTitle)
  const content = { site, posts, topics, pages, postsBySlug: bySlug(posts), topicsBySlug: bySlug(topics), leftOut }
  return { content, redirects: checked.redirects, problems }
}

/** checkContent's content; throws one ContentError listing every problem. */
export async function readContent(...args: Parameters<typeof checkContent>): Promise<Content & { leftOut: LeftOut[] }> {
  const { content, problems } = await checkContent(...args)
  if (problems.length > 0) throw new ContentError(problems)
  return content
}

/** Everything but the topics' own files, validated: the articles, the fixed pages, layout.json, and the topic files' names. */
export interface ContentWithoutTopics {
  /** The articles this read shows: drafts and scheduled ones are in `leftOut` instead, unless its publishing shows them. */
  posts: BlogPost[]
  /** The articles left out, with why. */
  leftOut: LeftOut[]
  pages: SitePages
  /** Every topic file with a good, unique slug; each is read on its own (readTopicFile). */
  topicFiles: SlugFile[]
  /** The site links of the articles (left out ones too) and the fixed pages, to check once every page is known. */
  links: FileLinks[]
  /** One line per problem found, as ContentError lists them; empty when all is valid. */
  problems: string[]
}

/**
 * What the build validates before it renders any page. A topic file is validated when its page is
 * rendered (readTopicFile), so a build reads each topic once; the articles and fixed pages are few,
 * and every listing page needs them. Their images are encoded through `cache`, which then knows the files to publish.
 */
export async function readContentWithoutTopics(
  dir: string = contentDir(),
  site: Site = loadSite(dir),
  cache: ImageCache = new ImageCache(imageCacheDir()),
  publishing: Publishing = publishingOf(),
): Promise<ContentWithoutTopics> {
  const problems: string[] = []
  const links: FileLinks[] = []
  const images: ImageRead = { cache, contentRoot: dir, problems }
  const { shown: posts, leftOut } = published(await readPosts(dir, site, problems, links, images), 'blog', publishing)
  const topicFiles = slugFiles(join(dir, 'topics'), site.productName, problems)
  const pages = await readPages(join(dir, 'pages'), site, problems, links, images)
  checkUiText(dir, site, problems)
  return { posts, leftOut, pages, topicFiles, links, problems }
}

/** What a list of topics shows of one topic, as a fresh copy: the YAML parser's strings are slices of the whole file, and would keep its text alive. */
export function topicEntry(topic: TopicEntry): TopicEntry {
  return JSON.parse(JSON.stringify(Object.fromEntries(TOPIC_ENTRY_FIELDS.map((field) => [field, topic[field]])))) as TopicEntry
}

/** The index of validated content, in the order the site lists it: articles newest first, topics by title. */
export function contentIndex({ posts, topics, pages }: ContentIndex): ContentIndex {
  return { posts: [...posts].sort(byDate), topics: [...topics].sort(byTitle), pages }
}

/**
 * Validates every content file under `dir` like readContent, but keeps of each topic only what a
 * list of topics shows: a topic page renders its own file (loadTopic), so memory does not grow with
 * the markdown of every topic.
 */
export async function readContentIndex(dir: string = contentDir(), site: Site = loadSite(dir)): Promise<ContentIndex> {
  const { index, problems } = await readContentIndexKeepingGoing(dir, site)
  if (problems.length > 0) throw new ContentError(problems)
  return index
}

/**
 * Like readContentIndex, but a bad file is left out of the index and its problems are returned beside it.
 * The topic files are taken from `topicReads` when given (`npm run dev` has read them already).
 */
export async function readContentIndexKeepingGoing(dir: string, site: Site, topicReads?: TopicReads): Promise<{ index: ContentIndex; problems: string[] }> {
  const publishing = publishingOf()
  const { posts, pages, topicFiles, problems } = await readContentWithoutTopics(dir, site, undefined, publishing)
  const tokens = tokensFor(site)
  const topics: TopicEntry[] = []
  for (const topicFile of topicFiles) {
    const parsed = parsedTopic(topicFile, tokens, problems, topicReads)
    if (!parsed || leftOutOf({ ...parsed.data, ...topicFile }, `/topics/${topicFile.slug}`, publishing)) continue
    const unpublished = unpublishedLabel(parsed.data, publishing.today)
    topics.push({ ...topicEntry({ ...parsed.data, ...topicFile }), ...(unpublished && { unpublished }) })
  }
  return { index: contentIndex({ posts, topics, pages }), problems }
}

export function bySlug<T extends { slug: string }>(items: T[]): ReadonlyMap<string, T> {
  return new Map(items.map((item) => [item.slug, item]))
}
