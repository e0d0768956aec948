import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { parse as parseHtml } from 'node-html-parser'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import type { z } from 'zod'
import { loadAuthors } from './authors.server'
import { cardsEnabled } from './cards/cards.server'
import { undrawnLetters } from './cards/design.server'
import { KEEP_GOING_ENV } from './dev-mode.server'
import { loadUiText } from './ui-text.server'
import { codeBlocks, replaceOutsideCode, type MarkdownCodeNode } from './code-blocks.server'
import { ImageCache } from './images.server'
import { contentDir, imageCacheDir } from './paths.server'
import { coverImage, largestImageUrl, ownSocialImage, rehypeImages, type ImageRead, type MarkdownImages } from './rehype-images.server'
import { cleanMarkdown, type TwinNode } from './markdown-twin.server'
import { emptyOutline, readingMinutes, rehypeOutline, type Outline } from './outline.server'
import { withRelatedPosts } from './related.server'
import { formatPath } from '../universal/content/format-path'
import { pagePaths } from '../universal/content/routes'
import type { Site } from '../universal/site'
import { resolveSiteLinks, slugFromFile, type ContentLink, type FileLinks, type MarkdownNode } from './content-links.server'
import { FrontmatterSyntaxError, parseFrontmatter, type Frontmatter } from './frontmatter.server'
import { pageRoutes } from './page-routes.server'
import { leftOutOf, publishingOf, unpublishedLabel, type LeftOut, type Publishing } from './publication.server'
import { checkLinksAndRedirects } from './site-checks.server'
import type { Redirect } from '../universal/routes'
import { loadSite } from './site.server'
import {
  TOPIC_ENTRY_FIELDS,
  type Author,
  type BlogPost,
  type Content,
  type ContentIndex,
  type SitePages,
  type SlugFile,
  type Topic,
  type TopicEntry,
} from '../universal/content/types'
import {
  blogFrontmatter,
  pageFrontmatter,
  topicFrontmatter,
  type Authors,
  type BlogFrontmatter,
  type PageName,
  type TopicFrontmatter,
} from '../universal/content/schemas'

/** A content problem list: one line per problem, `file: field: what was expected` or `file:line:column: what is wrong`. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  ${p}`).join('\n')}`)
    this.name = 'ContentError'
  }
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const TOKEN_PATTERN = /\{([A-Za-z]+)\}/g

export function tokensFor(site: Site): Record<string, string> {
  return {
    product: site.productName,
    supportEmail: site.supportEmail,
    senderEmail: site.senderEmail,
    checkoutUrl: site.checkoutUrl,
    intakeFormUrl: site.intakeFormUrl,
  }
}

/**
 * Markdown to HTML: GitHub's dialect (tables, strikethrough), then HTML. Raw HTML in the markdown is
 * dropped (remark-rehype's default), so a writer's file can never put a script or a handler on a page.
 * Images become responsive pictures (rehype-images.server.ts); an article's headings get ids (outline.server.ts).
 */
const markdown = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(codeBlocks).use(rehypeImages).use(rehypeOutline).use(rehypeStringify)

/** Gives each table cell its column's heading (`data-label`), so narrow screens can show rows as cards. */
function labelTableCells(html: string): string {
  if (!html.includes('<table')) return html
  const root = parseHtml(html)
  for (const table of root.querySelectorAll('table')) {
    const labels = table.querySelectorAll('thead th').map((heading) => heading.text.trim())
    for (const row of table.querySelectorAll('tbody tr')) {
      row.querySelectorAll('td').forEach((cell, index) => cell.setAttribute('data-label', labels[index] ?? ''))
    }
  }
  return root.toString()
}

/**
 * Where a piece of markdown comes from: its file, the file's line it starts on, the product name its
 * links' file names may hold, and how its images are handled.
 */
interface MarkdownSource {
  file: string
  firstLine: number
  productName: string
  images: ImageSettings
  /** For an article or a topic: its page's path, for the markdown twin of its body (lib/node/markdown-twin.server.ts). */
  pagePath?: string
  /** An article's: filled with its headings and words as it is rendered. */
  outline?: Outline
}

/** How a file's images are handled, beyond where it is: the read's cache and problem list, and the file's own rules. */
type ImageSettings = Omit<MarkdownImages, 'file' | 'firstLine'>

/** Topic pages are rendered by the build's workers and cached by their own file alone, which would not see an image change. */
const TOPIC_IMAGES_REFUSED = 'topic pages show no images; put images in articles (blog/) or fixed pages (pages/)'

/**
 * Markdown as HTML, its links to content files pointed at their pages and its images encoded; the
 * site links it has, for checking once every page is known. Image problems go to `source.images.problems`.
 */
async function renderMarkdown(markdownText: string, source: MarkdownSource): Promise<{ html: string; links: ContentLink[]; markdown?: string }> {
  const tree = markdown.parse(markdownText)
  const links = resolveSiteLinks(tree as MarkdownNode, source)
  const images: MarkdownImages = { ...source.images, file: source.file, firstLine: source.firstLine }
  const html = labelTableCells(markdown.stringify(await markdown.run(tree, { data: { images, outline: source.outline } })))
  if (source.pagePath === undefined) return { html, links }
  // Where images are refused, none is looked up: its problem is reported already, and nothing is encoded for it.
  const imageUrl = async (src: string) => (images.refused === undefined ? largestImageUrl(src, images) : undefined)
  return { html, links, markdown: await cleanMarkdown(markdownText, tree as TwinNode, source.pagePath, imageUrl) }
}

export interface Parsed<T> {
  file: string
  data: T
  body: string
  /** The file's line the body starts on. */
  bodyLine: number
}

/** Reads one file (or takes its `text`, read already), replaces tokens and validates its frontmatter; problems go to `problems`. */
function parseFile<S extends z.ZodType>(
  file: string,
  schema: S,
  tokens: Record<string, string>,
  problems: string[],
  text: string = readFileSync(file, 'utf8'),
): Parsed<z.infer<S>> | undefined {
  let frontmatter: Frontmatter
  try {
    frontmatter = parseFrontmatter(text)
  } catch (error) {
    if (!(error instanceof FrontmatterSyntaxError)) throw error
    problems.push(...error.problems.map(({ line, column, message }) => `${file}:${line}:${column}: ${message}`))
    return undefined
  }
  const replace = (value: string, field: string): string =>
    value.replace(TOKEN_PATTERN, (whole, name: string) => {
      const replacement = tokens[name]
      if (replacement !== undefined) return replacement
      problems.push(
        `${file}: ${field}: unknown token ${whole} (known: ${Object.keys(tokens)
          .map((t) => `{${t}}`)
          .join(', ')})`,
      )
      return whole
    })
  const substitute = (value: unknown, path: PropertyKey[]): unknown => {
    if (typeof value === 'string') return replace(value, formatPath(path))
    if (Array.isArray(value)) return value.map((item, index) => substitute(item, [...path, index]))
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, [...path, key])]))
    }
    return value
  }
  const result = schema.safeParse(substitute(frontmatter.data, []))
  // A body with no token has nothing to replace: no parse for where its code is (the render parses it once).
  const body =
    frontmatter.body.search(TOKEN_PATTERN) === -1
      ? frontmatter.body
      : replaceOutsideCode(
          frontmatter.body,
          (text) => markdown.parse(text) as MarkdownCodeNode,
          (text) => replace(text, 'body'),
        )
  if (!result.success) {
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          problems.push(`${file}: ${formatPath([...issue.path, key])}: unknown field (check its spelling against content/README.md)`)
        }
      } else {
        problems.push(`${file}: ${formatPath(issue.path) || 'frontmatter'}: ${issue.message}`)
      }
    }
    return undefined
  }
  return { file, data: result.data, body, bodyLine: frontmatter.bodyLine }
}

function markdownFiles(dir: string, problems: string[]): string[] {
  if (!existsSync(dir)) {
    problems.push(`${dir}: folder is missing`)
    return []
  }
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()
    .map((name) => join(dir, name))
}

/** How a second file with `first`'s slug is told so, and how the page of `first` finds it (problemsOfFile). */
const slugTakenFrom = (first: string) => `is already used by ${first}; rename one of the files`

/** A folder's markdown files with the slug each is served under; a bad or repeated slug is a problem, and its file is left out. */
function slugFiles(dir: string, productName: string, problems: string[]): SlugFile[] {
  const seen = new Map<string, string>()
  const files: SlugFile[] = []
  for (const file of markdownFiles(dir, problems)) {
    const slug = slugFromFile(file, productName)
    if (!SLUG_PATTERN.test(slug)) {
      problems.push(`${file}: slug: expected a file name of lowercase letters, digits and single hyphens, got "${slug}"`)
      continue
    }
    const first = seen.get(slug)
    if (first) {
      problems.push(`${file}: slug: "${slug}" ${slugTakenFrom(first)}`)
      continue
    }
    seen.set(slug, file)
    files.push({ slug, file })
  }
  return files
}

/** One slugged file read and validated, frontmatter and body; undefined (the reasons in `problems`) when it is not valid. */
function readEntry<S extends z.ZodType>(
  { slug, file }: SlugFile,
  schema: S,
  tokens: Record<string, string>,
  problems: string[],
  text?: string,
): (Parsed<z.infer<S>> & { slug: string }) | undefined {
  const parsed = parseFile(file, schema, tokens, problems, text)
  if (!parsed) return undefined
  if (!parsed.body.trim()) {
    problems.push(`${file}: body: expected markdown text after the frontmatter`)
    return undefined
  }
  // An article with a picture of its own (`image:`) gets no drawn card.
  const { title, image } = parsed.data as { title?: string; image?: string }
  if (title !== undefined && image === undefined) checkCardText(file, 'title', title, problems)
  return { ...parsed, slug }
}

/**
 * Text a social card shows (a title, a fixed page's h1, a label, the product's name) with a letter no
 * card font draws, as a problem of its file: a card never leaves a word out (lib/node/cards/fallback-fonts.server.ts).
 */
function checkCardText(file: string, field: string, text: string, problems: string[]): void {
  if (!cardsEnabled()) return
  const letters = undrawnLetters(text)
  if (letters)
    problems.push(
      `${file}: ${field}: the social card has no font for ${letters}; cards draw Latin, Greek, Cyrillic, Japanese, Arabic and Devanagari letters (see Social cards in content/README.md)`,
    )
}

/** Reads and validates a folder of slugged files, handing each valid one to `keep`, which decides what of it stays in memory. */
async function readCollection<S extends z.ZodType, T>(
  dir: string,
  schema: S,
  site: Site,
  problems: string[],
  keep: (parsed: Parsed<z.infer<S>> & { slug: string }) => T | Promise<T>,
): Promise<T[]> {
  const tokens = tokensFor(site)
  const items: T[] = []
  for (const slugFile of slugFiles(dir, site.productName, problems)) {
    const parsed = readEntry(slugFile, schema, tokens, problems)
    if (parsed) items.push(await keep(parsed))
  }
  return items
}

/** A collection entry with its markdown rendered, and the site links of its body. */
async function rendered<T>(
  { data, slug, file, body, bodyLine }: Parsed<T> & { slug: string },
  productName: string,
  images: ImageSettings,
  outline?: Outline,
): Promise<{ entry: T & { slug: string; file: string; html: string; markdown: string }; links: ContentLink[] }> {
  // An entry's page is `/<its folder>/<slug>`: `/blog/x`, `/topics/x`.
  const pagePath = `/${basename(dirname(file))}/${slug}`
  const { html, links, markdown } = await renderMarkdown(body, { file, firstLine: bodyLine, productName, images, pagePath, outline })
  return { entry: { ...data, slug, file, html, markdown: markdown ?? '' }, links }
}

/** A `keep` for readCollection: renders each topic, adding its site links to `links`. */
function renderTopicInto(links: FileLinks[], productName: string, images: ImageRead) {
  return async (parsed: Parsed<TopicFrontmatter> & { slug: string }) => {
    const { entry, links: found } = await rendered(parsed, productName, { ...images, leadAtTop: true, refused: TOPIC_IMAGES_REFUSED })
    links.push({ file: parsed.file, links: found })
    return entry
  }
}

/**
 * A `keep` for readCollection: renders each article, its cover and its own social image, adding its
 * site links to `links`, with its reading time and sections; its text goes to `texts`, by file, to
 * choose related articles.
 */
function renderPostInto(links: FileLinks[], productName: string, images: ImageRead, texts: Map<string, string>) {
  return async (parsed: Parsed<BlogFrontmatter> & { slug: string }) => {
    const { cover, coverAlt, image, imageAlt } = parsed.data
    const outline = emptyOutline()
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
}

/** A body's `## ` sections, each with the file's line it starts on. */
function sectionsOf(body: string, bodyLine: number): Array<{ text: string; line: number }> {
  let line = bodyLine
  return body.split(/^(?=## )/m).flatMap((text) => {
    const start = line
    line += text.split('\n').length - 1
    return text.trim() ? [{ text, line: start }] : []
  })
}

async function readPages(dir: string, site: Site, problems: string[], links: FileLinks[], images: ImageRead): Promise<SitePages> {
  const tokens = tokensFor(site)
  const pages: Partial<Record<PageName, unknown>> = {}
  for (const name of Object.keys(pageFrontmatter) as PageName[]) {
    const file = join(dir, `${name}.md`)
    if (!existsSync(file)) {
      problems.push(`${file}: file is missing (every page in lib/universal/content/schemas.ts needs its copy)`)
      continue
    }
    const parsed = parseFile(file, pageFrontmatter[name], tokens, problems)
    if (!parsed) continue
    checkCardText(file, 'h1', (parsed.data as { h1: string }).h1, problems)
    const fileLinks: ContentLink[] = []
    const render = async (markdownText: string, firstLine: number) => {
      const { html, links: found } = await renderMarkdown(markdownText, {
        file,
        firstLine,
        productName: site.productName,
        images: { ...images, leadAtTop: true },
      })
      fileLinks.push(...found)
      return html
    }
    const sectionHtml: Record<string, string> = {}
    const ids = (parsed.data as { sections?: string[] }).sections
    if (ids) {
      const blocks = sectionsOf(parsed.body, parsed.bodyLine)
      if (blocks.length !== ids.length || !blocks.every((block) => block.text.startsWith('## '))) {
        problems.push(`${file}: sections: expected one id per "## " section of the body (${ids.length} ids, ${blocks.length} blocks)`)
        continue
      }
      for (const [index, id] of ids.entries()) sectionHtml[id] = await render(blocks[index]!.text, blocks[index]!.line)
    }
    // A page in sections is the sum of its sections: no need to render its markdown a second time.
    const html = ids ? Object.values(sectionHtml).join('\n') : await render(parsed.body, parsed.bodyLine)
    pages[name] = { ...parsed.data, file, html, sectionHtml }
    links.push({ file, links: fileLinks })
  }
  return pages as SitePages
}

/** authors.json validated; undefined when it is not valid (its problems are in `problems`). */
function readAuthors(dir: string, problems: string[]): Authors | undefined {
  try {
    return loadAuthors(dir)
  } catch (error) {
    problems.push(...(error as Error).message.split('\n'))
    return undefined
  }
}

/** The author an article names, from authors.json; an id that is not there is a problem listing the ids that are. */
function authorOf(post: { file: string; author: string }, authors: Authors, problems: string[]): Author | undefined {
  const entry = authors[post.author]
  if (entry) return { id: post.author, ...entry }
  problems.push(`${post.file}: author: unknown author "${post.author}" (known: ${Object.keys(authors).join(', ')}; see content/authors.json)`)
  return undefined
}

/** The articles, rendered, each with its author from authors.json in place of the id, and the articles most like it. */
async function readPosts(dir: string, site: Site, problems: string[], links: FileLinks[], images: ImageRead): Promise<BlogPost[]> {
  const authors = readAuthors(dir, problems)
  const texts = new Map<string, string>()
  const posts = await readCollection(join(dir, 'blog'), blogFrontmatter, site, problems, renderPostInto(links, site.productName, images, texts))
  // Without a valid authors.json, its own problems say what to fix: no article is blamed for it.
  if (!authors) return []
  const withAuthors = posts.flatMap((post) => {
    const author = authorOf(post, authors, problems)
    return author ? [{ ...post, author }] : []
  })
  return withRelatedPosts(withAuthors.sort(byDate), (post) => texts.get(post.file) ?? '')
}

function checkUiText(dir: string, site: Site, problems: string[]): void {
  try {
    const { card } = loadUiText(dir)
    const file = join(dir, 'layout.json')
    checkCardText(file, 'card.article', card.article, problems)
    checkCardText(file, 'card.topic', card.topic, problems)
    for (const [name, label] of Object.entries(card.pages)) checkCardText(file, `card.pages.${name}`, label, problems)
    checkCardText(join(dir, 'site.json'), 'productName', site.productName, problems)
  } catch (error) {
    problems.push(...(error as Error).message.split('\n'))
  }
}

const byDate = (a: Pick<BlogPost, 'date' | 'slug'>, b: Pick<BlogPost, 'date' | 'slug'>) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)
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
 */
export async function checkContent(
  dir: string = contentDir(),
  site: Site = loadSite(dir),
  routes: readonly string[] = pageRoutes(),
  cache: ImageCache = new ImageCache(imageCacheDir()),
  publishing: Publishing = publishingOf(),
): Promise<ContentCheck> {
  const problems: string[] = []
  const links: FileLinks[] = []
  const images: ImageRead = { cache, contentRoot: dir, problems }
  const allPosts = await readPosts(dir, site, problems, links, images)
  const allTopics = await readCollection(join(dir, 'topics'), topicFrontmatter, site, problems, renderTopicInto(links, site.productName, images))
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

/** Like readContentIndex, but a bad file is left out of the index and its problems are returned beside it. */
export async function readContentIndexKeepingGoing(dir: string, site: Site): Promise<{ index: ContentIndex; problems: string[] }> {
  const publishing = publishingOf()
  const { posts, pages, topicFiles, problems } = await readContentWithoutTopics(dir, site, undefined, publishing)
  const tokens = tokensFor(site)
  const topics: TopicEntry[] = []
  for (const topicFile of topicFiles) {
    const parsed = readEntry(topicFile, topicFrontmatter, tokens, problems)
    if (!parsed || leftOutOf({ ...parsed.data, ...topicFile }, `/topics/${topicFile.slug}`, publishing)) continue
    const unpublished = unpublishedLabel(parsed.data, publishing.today)
    topics.push({ ...topicEntry({ ...parsed.data, ...topicFile }), ...(unpublished && { unpublished }) })
  }
  return { index: contentIndex({ posts, topics, pages }), problems }
}

function bySlug<T extends { slug: string }>(items: T[]): ReadonlyMap<string, T> {
  return new Map(items.map((item) => [item.slug, item]))
}

/** Where a build hands its workers the index it validated, so they never read the whole content again. */
export const CONTENT_INDEX_ENV = 'CONTENT_INDEX_FILE'

let cachedIndex: { dir: string; index: Promise<LoadedIndex> } | undefined

export interface LoadedIndex extends ContentIndex {
  postsBySlug: ReadonlyMap<string, BlogPost>
  topicsBySlug: ReadonlyMap<string, TopicEntry>
  /** Every problem a build would stop on, each file's shown on its page (only when KEEP_GOING_ENV is set; otherwise a problem throws). */
  problems: readonly string[]
  /** The old URLs a build would answer with a 308 (only when KEEP_GOING_ENV is set: the Node server reads the build's). */
  redirects: readonly Redirect[]
}

async function indexFor(dir: string): Promise<LoadedIndex> {
  const file = process.env[CONTENT_INDEX_ENV]
  const { index, problems, redirects } = file
    ? { index: JSON.parse(readFileSync(file, 'utf8')) as ContentIndex, problems: [], redirects: [] }
    : process.env[KEEP_GOING_ENV]
      ? await devIndex(dir)
      : { index: await readContentIndex(dir), problems: [], redirects: [] }
  return { ...index, postsBySlug: bySlug(index.posts), topicsBySlug: bySlug(index.topics), problems, redirects }
}

/**
 * `npm run dev`'s index: every valid file, drafts and scheduled entries included; and the problems and
 * old URLs of the build's own check (checkContent, on the day and terms of a build, as `npm run
 * check:content` runs it), so that dev shows every problem a build would stop on (links, old URLs, a
 * published page's link to a draft) and answers the old URLs as the built site does.
 */
async function devIndex(dir: string): Promise<{ index: ContentIndex; problems: string[]; redirects: Redirect[] }> {
  const site = loadSite(dir)
  const { index, problems } = await readContentIndexKeepingGoing(dir, site)
  const asBuilt = await checkContent(dir, site, undefined, undefined, { ...publishingOf(), showUnpublished: false })
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
  return process.env[KEEP_GOING_ENV] ? problemsOfFile(await loadContent(), file) : undefined
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

/** A topic file parsed and validated, its markdown not yet rendered; `parsed` is absent when the file is not valid, and `problems` says why. */
export interface TopicRead {
  parsed?: Parsed<TopicFrontmatter> & { slug: string }
  problems: string[]
}

/**
 * Parses and validates one topic file, from its `text` when it was read already (the build reads each
 * file once, for its digest too): the one parse of the file, which its page's render reuses (readTopicFile).
 */
export function readTopic(topicFile: SlugFile, tokens: Record<string, string>, text?: string): TopicRead {
  const problems: string[] = []
  const parsed = readEntry(topicFile, topicFrontmatter, tokens, problems, text)
  return parsed ? { parsed, problems } : { problems }
}

/**
 * One topic file validated (or taken as `read` by readTopic) and its markdown rendered, with the site
 * links of its body; throws a ContentError naming the file and field, or the line of an image.
 */
export async function readTopicFile(
  topicFile: SlugFile,
  site: Site,
  read: TopicRead = readTopic(topicFile, tokensFor(site)),
): Promise<{ topic: Topic; links: ContentLink[] }> {
  const { parsed } = read
  const problems = [...read.problems]
  if (!parsed) throw new ContentError(problems)
  // A topic shows no image, so nothing is ever encoded through this cache: it only completes the settings.
  const images: ImageSettings = {
    cache: new ImageCache(imageCacheDir()),
    contentRoot: dirname(dirname(topicFile.file)),
    problems,
    leadAtTop: true,
    refused: TOPIC_IMAGES_REFUSED,
  }
  const { entry, links } = await rendered(parsed, site.productName, images)
  if (problems.length > 0) throw new ContentError(problems)
  return { topic: entry, links }
}

let cachedTopicFiles: { dir: string; files: ReadonlyMap<string, string> } | undefined

/** The topic files of `dir` with the slug each is served under (no file is read); a bad or repeated name is left out. */
export function topicSlugFiles(dir: string, site: Site): SlugFile[] {
  return slugFiles(join(dir, 'topics'), site.productName, [])
}

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
