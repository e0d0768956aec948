import { readdirSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import type { ContentLink, FileLinks } from './content-links.server'
import { checkCardText, ContentError, readEntry, readTopic, slugFiles, tokensFor, withBody } from './content-files.server'
import type { Parsed, TopicRead, TopicReads, TopicReadWithoutBody } from './content-files.server'
import { ImageCache } from './image-cache.server'
import { readingMinutes, type Outline } from './outline.server'
import { contentDir, imageCacheDir } from './paths.server'
import { leftOutOf, publishingOf, unpublishedLabel, type LeftOut, type Publishing } from './publication.server'
import { coverImage, ownSocialImage, type ImageRead } from './rehype-images.server'
import { withRelatedPosts } from './related.server'
import { rendered, topicImages } from './render-markdown.server'
import { readPages } from './site-pages.server'
import { checkLinksAndRedirects } from './redirects.server'
import { loadSite, readJsonFile } from './site.server'
import { loadUiText } from './ui-text.server'
import { articlePath, pagePaths, topicPath } from '../universal/content/routes'
import { authorsFile, blogFrontmatter, type Authors, type BlogFrontmatter } from '../universal/content/schemas'
import { TOPIC_ENTRY_FIELDS } from '../universal/content/types'
import type { BlogPost, Content, ContentIndex, SitePages, SlugFile, Topic, TopicEntry } from '../universal/content/types'
import type { Redirect } from '../universal/routes'
import type { Site } from '../universal/site'

// The content rendered from its entries (content-files.server.ts) and checked as a whole, or all but the topics (the build's workers render those).

const byDate = (a: Pick<BlogPost, 'date' | 'slug'>, b: Pick<BlogPost, 'date' | 'slug'>) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)
const byTitle = (a: TopicEntry, b: TopicEntry) => a.title.localeCompare(b.title, 'en') || a.slug.localeCompare(b.slug)

export function bySlug<T extends { slug: string }>(items: T[]): ReadonlyMap<string, T> {
  return new Map(items.map((item) => [item.slug, item]))
}

/** Its text goes to `texts`, by file, to choose related articles. */
async function renderPost(
  parsed: Parsed<BlogFrontmatter> & { slug: string },
  links: FileLinks[],
  productName: string,
  images: ImageRead,
  texts: Map<string, string>,
) {
  const { cover, coverAlt, image, imageAlt } = parsed.data
  const outline: Outline = { sections: [], words: 0, text: '' }
  // Below a cover, an image the body opens with is no longer the top of the page.
  const { entry: body, links: found } = await rendered(parsed, productName, { ...images, leadAtTop: cover === undefined }, outline)
  links.push({ file: parsed.file, links: found })
  texts.set(parsed.file, outline.text)
  const entry = { ...body, readingMinutes: readingMinutes(outline.words), sections: outline.sections }
  const socialImage = image !== undefined && imageAlt !== undefined ? await ownSocialImage(image, imageAlt, { ...images, file: parsed.file }) : undefined
  const post = socialImage ? { ...entry, socialImage } : entry
  if (cover === undefined || coverAlt === undefined) return post
  const encoded = await coverImage(cover, coverAlt, { ...images, file: parsed.file })
  return encoded ? { ...post, coverImage: encoded } : post
}

function problemsOf(read: () => void, problems: string[]): void {
  try {
    read()
  } catch (error) {
    problems.push(...(error as Error).message.split('\n'))
  }
}

/** Every article (drafts and scheduled ones too), with its author from authors.json in place of the id. */
async function readPosts(dir: string, site: Site, problems: string[], links: FileLinks[], images: ImageRead): Promise<BlogPost[]> {
  let authors: Authors | undefined
  problemsOf(() => (authors = readJsonFile(join(dir, 'authors.json'), authorsFile)), problems)
  const tokens = tokensFor(site)
  const texts = new Map<string, string>()
  const posts = []
  for (const slugFile of slugFiles(join(dir, 'blog'), site.productName, problems)) {
    const parsed = readEntry(slugFile, blogFrontmatter, tokens, problems)
    if (parsed) posts.push(await renderPost(parsed, links, site.productName, images, texts))
  }
  // Without a valid authors.json, its own problems say what to fix: no article is blamed for it.
  if (!authors) return []
  const known = authors
  const withAuthors = posts.flatMap((post) => {
    const entry = known[post.author]
    if (entry) return [{ ...post, author: { id: post.author, ...entry } }]
    problems.push(`${post.file}: author: unknown author "${post.author}" (known: ${Object.keys(known).join(', ')}; see content/authors.json)`)
    return []
  })
  return withRelatedPosts(withAuthors.sort(byDate), (post) => texts.get(post.file) ?? '')
}

function checkUiText(dir: string, site: Site, problems: string[]): void {
  problemsOf(() => {
    const { card } = loadUiText(dir)
    const file = join(dir, 'layout.json')
    checkCardText(file, 'card.article', card.article, problems)
    checkCardText(file, 'card.topic', card.topic, problems)
    for (const [name, label] of Object.entries(card.pages)) checkCardText(file, `card.pages.${name}`, label, problems)
    checkCardText(join(dir, 'site.json'), 'productName', site.productName, problems)
  }, problems)
}

/** Throws a ContentError. */
export async function readTopicFile(
  topicFile: SlugFile,
  site: Site,
  given?: TopicRead | TopicReadWithoutBody,
): Promise<{ topic: Topic; links: ContentLink[] }> {
  const read = given ? withBody(given, tokensFor(site)) : readTopic(topicFile, tokensFor(site))
  const { parsed } = read
  const problems = [...read.problems]
  if (!parsed) throw new ContentError(problems)
  // A topic shows no image, so nothing is ever encoded through this cache: it only completes the settings.
  const images = topicImages({ cache: new ImageCache(imageCacheDir()), contentRoot: dirname(dirname(topicFile.file)), problems })
  const { entry, links } = await rendered(parsed, site.productName, images)
  if (problems.length > 0) throw new ContentError(problems)
  return { topic: entry, links }
}

function published<T extends { slug: string; file: string; draft?: boolean; date?: string; redirectFrom?: readonly string[] }>(
  entries: readonly T[],
  pathOf: (slug: string) => string,
  publishing: Publishing,
): { shown: T[]; leftOut: LeftOut[] } {
  const shown: T[] = []
  const leftOut: LeftOut[] = []
  for (const entry of entries) {
    const out = leftOutOf(entry, pathOf(entry.slug), publishing)
    if (out) leftOut.push(out)
    else shown.push(entry)
  }
  leftOut.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return { shown, leftOut }
}

/** Every content file read once, whatever publishing then shows of it. */
interface ContentRead {
  site: Site
  posts: BlogPost[]
  topicFiles: SlugFile[]
  topics: Topic[]
  pages: SitePages
  links: FileLinks[]
  problems: string[]
}

/** With `withTopics` false, the topics' names only. */
async function readEverything(dir: string, site: Site, cache: ImageCache, topicReads?: TopicReads, withTopics = true): Promise<ContentRead> {
  const problems: string[] = []
  const links: FileLinks[] = []
  const images: ImageRead = { cache, contentRoot: dir, problems }
  const posts = await readPosts(dir, site, problems, links, images)
  const tokens = tokensFor(site)
  const topicFiles = slugFiles(join(dir, 'topics'), site.productName, problems)
  const topics: Topic[] = []
  for (const topicFile of withTopics ? topicFiles : []) {
    const { parsed, problems: own } = topicReads?.get(topicFile.file) ?? readTopic(topicFile, tokens)
    problems.push(...own)
    if (!parsed) continue
    const { entry, links: found } = await rendered(parsed, site.productName, topicImages(images))
    links.push({ file: parsed.file, links: found })
    topics.push(entry)
  }
  const pages = await readPages(join(dir, 'pages'), site, problems, links, images)
  checkUiText(dir, site, problems)
  return { site, posts, topicFiles, topics, pages, links, problems }
}

/** Vike's filesystem routes, for where no bundle can be asked (check:content, tests): each folder's path less `index` and `(group)`. */
export function pageRoutes(dir = 'pages'): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.startsWith('+Page.'))
    .map((entry) => relative(dir, entry.parentPath).split(sep).filter(Boolean))
    .filter((segments) => segments[0] !== '_error')
    .map((segments) => `/${segments.filter((segment) => segment !== 'index' && !/^\(.*\)$/.test(segment)).join('/')}`)
    .sort()
}

/** Each link and old URL checked against the pages of `routes`. */
function checked(
  { site, posts: allPosts, topics: allTopics, pages, links, problems }: ContentRead,
  routes: readonly string[],
  publishing: Publishing,
): { content: Content & { leftOut: LeftOut[] }; redirects: Redirect[]; problems: string[] } {
  const { shown: posts, leftOut: postsLeftOut } = published(allPosts, articlePath, publishing)
  const { shown: topics, leftOut: topicsLeftOut } = published(allTopics, topicPath, publishing)
  const leftOut = [...postsLeftOut, ...topicsLeftOut]
  const paths = pagePaths(routes, { posts, topics })
  const redirecting = [
    ...posts.map(({ file, slug, redirectFrom }) => ({ file, path: articlePath(slug), redirectFrom })),
    ...topics.map(({ file, slug, redirectFrom }) => ({ file, path: topicPath(slug), redirectFrom })),
  ]
  const checks = checkLinksAndRedirects({ paths, redirecting, leftOut, links })
  posts.sort(byDate)
  topics.sort(byTitle)
  const content = { site, posts, topics, pages, postsBySlug: bySlug(posts), topicsBySlug: bySlug(topics), leftOut }
  return { content, redirects: checks.redirects, problems: [...problems, ...checks.problems.flatMap((file) => file.problems)] }
}

/** Every content file, drafts and scheduled ones validated, then left out unless `publishing` shows them; throws one ContentError listing every problem. */
export async function readContent(
  dir: string = contentDir(),
  site: Site = loadSite(dir),
  routes: readonly string[] = pageRoutes(),
  cache: ImageCache = new ImageCache(imageCacheDir()),
  publishing: Publishing = publishingOf(),
): Promise<Content & { leftOut: LeftOut[] }> {
  const { content, problems } = checked(await readEverything(dir, site, cache), routes, publishing)
  if (problems.length > 0) throw new ContentError(problems)
  return content
}

/** What a list of topics shows of one topic, as a fresh copy: the YAML parser's strings are slices of the whole file. */
export function topicEntry(topic: TopicEntry): TopicEntry {
  return JSON.parse(JSON.stringify(Object.fromEntries(TOPIC_ENTRY_FIELDS.map((field) => [field, topic[field]])))) as TopicEntry
}

export function contentIndex({ posts, topics, pages }: ContentIndex): ContentIndex {
  return { posts: [...posts].sort(byDate), topics: [...topics].sort(byTitle), pages }
}

/** As this process shows it, with a build's own problems and old URLs, so that dev shows every problem a build would stop on. */
export async function readContentIndex(
  dir: string = contentDir(),
  site: Site = loadSite(dir),
  topicReads?: TopicReads,
): Promise<{ index: ContentIndex; problems: string[]; redirects: Redirect[] }> {
  const read = await readEverything(dir, site, new ImageCache(imageCacheDir()), topicReads)
  const shown = publishingOf()
  const asBuilt = checked(read, pageRoutes(), { ...shown, showUnpublished: false })
  const posts = published(read.posts, articlePath, shown).shown
  const topics = published(read.topics, topicPath, shown).shown.map((topic) => {
    const unpublished = unpublishedLabel(topic, shown.today)
    return { ...topicEntry(topic), ...(unpublished && { unpublished }) }
  })
  return { index: contentIndex({ posts, topics, pages: read.pages }), problems: asBuilt.problems, redirects: asBuilt.redirects }
}

export type ContentWithoutTopics = Omit<ContentRead, 'site' | 'topics'> & { leftOut: LeftOut[] }

/** What the build validates before it renders any page; a topic is validated when its page is rendered (readTopicFile). */
export async function readContentWithoutTopics(
  dir: string = contentDir(),
  site: Site = loadSite(dir),
  cache: ImageCache = new ImageCache(imageCacheDir()),
  publishing: Publishing = publishingOf(),
): Promise<ContentWithoutTopics> {
  const { posts, pages, topicFiles, links, problems } = await readEverything(dir, site, cache, undefined, false)
  const { shown, leftOut } = published(posts, articlePath, publishing)
  return { posts: shown, leftOut, pages, topicFiles, links, problems }
}
