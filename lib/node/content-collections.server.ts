import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { z } from 'zod'
import { loadAuthors } from './authors.server'
import type { ContentLink, FileLinks } from './content-links.server'
import { checkCardText, ContentError, parseFile, readEntry, readTopic, slugFiles, tokensFor, type Parsed, type TopicRead } from './content-files.server'
import { ImageCache } from './image-cache.server'
import { emptyOutline, readingMinutes } from './outline.server'
import { imageCacheDir } from './paths.server'
import { coverImage, ownSocialImage, type ImageRead } from './rehype-images.server'
import { withRelatedPosts } from './related.server'
import { rendered, renderMarkdown, TOPIC_IMAGES_REFUSED, type ImageSettings } from './render-markdown.server'
import { loadUiText } from './ui-text.server'
import { blogFrontmatter, pageFrontmatter, type Authors, type BlogFrontmatter, type PageName, type TopicFrontmatter } from '../universal/content/schemas'
import type { Author, BlogPost, SitePages, SlugFile, Topic } from '../universal/content/types'
import type { Site } from '../universal/site'

// The collections of content read and rendered: the articles (with their authors and related
// articles), the topics, the fixed pages, and the labels layout.json gives the social cards.

/**
 * Reads and validates a folder of slugged files, handing each valid one to `keep`, which decides what of
 * it stays in memory. `read` reads and validates one file, its problems added to `problems`: readEntry,
 * unless the files were read already (parsedTopic).
 */
export async function readCollection<S extends z.ZodType, T>(
  dir: string,
  schema: S,
  site: Site,
  problems: string[],
  keep: (parsed: Parsed<z.infer<S>> & { slug: string }) => T | Promise<T>,
  read: (slugFile: SlugFile, tokens: Record<string, string>) => (Parsed<z.infer<S>> & { slug: string }) | undefined = (slugFile, tokens) =>
    readEntry(slugFile, schema, tokens, problems),
): Promise<T[]> {
  const tokens = tokensFor(site)
  const items: T[] = []
  for (const slugFile of slugFiles(dir, site.productName, problems)) {
    const parsed = read(slugFile, tokens)
    if (parsed) items.push(await keep(parsed))
  }
  return items
}

/** A `keep` for readCollection: renders each topic, adding its site links to `links`. */
export function renderTopicInto(links: FileLinks[], productName: string, images: ImageRead) {
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

export async function readPages(dir: string, site: Site, problems: string[], links: FileLinks[], images: ImageRead): Promise<SitePages> {
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
export async function readPosts(dir: string, site: Site, problems: string[], links: FileLinks[], images: ImageRead): Promise<BlogPost[]> {
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

/** Newest first, then by slug: the order the site lists articles in. */
export const byDate = (a: Pick<BlogPost, 'date' | 'slug'>, b: Pick<BlogPost, 'date' | 'slug'>) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)

export function checkUiText(dir: string, site: Site, problems: string[]): void {
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
