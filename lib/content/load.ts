import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import matter from 'gray-matter'
import { parse as parseHtml } from 'node-html-parser'
import { remark } from 'remark'
import remarkGfm from 'remark-gfm'
import remarkHtml from 'remark-html'
import type { z } from 'zod'
import { loadLayout } from '../layout'
import { contentDir } from '../paths'
import { formatPath } from './format-path'
import { loadSite, productSlug, type Site } from '../site'
import {
  blogFrontmatter,
  pageFrontmatter,
  topicFrontmatter,
  type BlogFrontmatter,
  type PageFrontmatter,
  type PageName,
  type TopicFrontmatter,
} from './schemas'

export type BlogPost = BlogFrontmatter & { slug: string; file: string; html: string }
export type Topic = TopicFrontmatter & { slug: string; file: string; html: string }
export type SitePage<N extends PageName> = PageFrontmatter<N> & {
  file: string
  html: string
  /** For a page with `sections`: each `## ` section of the body rendered on its own, by id. */
  sectionHtml: Record<string, string>
}
export type SitePages = { [N in PageName]: SitePage<N> }

export interface Content {
  site: Site
  /** Newest first. */
  posts: BlogPost[]
  /** Alphabetical by title. */
  topics: Topic[]
  pages: SitePages
  postsBySlug: ReadonlyMap<string, BlogPost>
  topicsBySlug: ReadonlyMap<string, Topic>
}

/** A content problem list: one line per problem, `file: field: what was expected`. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  ${p}`).join('\n')}`)
    this.name = 'ContentError'
  }
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const TOKEN_PATTERN = /\{([A-Za-z]+)\}/g

function tokensFor(site: Site): Record<string, string> {
  return {
    product: site.productName,
    supportEmail: site.supportEmail,
    senderEmail: site.senderEmail,
    checkoutUrl: site.checkoutUrl,
    intakeFormUrl: site.intakeFormUrl,
  }
}

/** The slug a file is served under: its name without `.md`, with `{product}` spelled out. */
export function slugFromFile(file: string, productName: string): string {
  return basename(file, '.md').replaceAll('{product}', productSlug(productName))
}

const markdown = remark().use(remarkGfm).use(remarkHtml)

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

async function renderMarkdown(body: string): Promise<string> {
  return labelTableCells(String(await markdown.process(body)))
}

interface Parsed<T> {
  file: string
  data: T
  body: string
}

/** Reads one file, replaces tokens and validates its frontmatter; problems go to `problems`. */
function parseFile<S extends z.ZodType>(
  file: string,
  schema: S,
  tokens: Record<string, string>,
  problems: string[],
): Parsed<z.infer<S>> | undefined {
  let parsedMatter: matter.GrayMatterFile<string>
  try {
    // An empty options object makes gray-matter skip its cache, which would keep every file in memory.
    parsedMatter = matter(readFileSync(file, 'utf8'), {})
  } catch (error) {
    problems.push(`${file}: frontmatter: is not valid YAML (${(error as Error).message.split('\n')[0]})`)
    return undefined
  }
  const replace = (value: string, field: string): string =>
    value.replace(TOKEN_PATTERN, (whole, name: string) => {
      const replacement = tokens[name]
      if (replacement !== undefined) return replacement
      problems.push(`${file}: ${field}: unknown token ${whole} (known: ${Object.keys(tokens).map((t) => `{${t}}`).join(', ')})`)
      return whole
    })
  const substitute = (value: unknown, path: PropertyKey[]): unknown => {
    if (typeof value === 'string') return replace(value, formatPath(path))
    if (Array.isArray(value)) return value.map((item, index) => substitute(item, [...path, index]))
    if (value && typeof value === 'object' && !(value instanceof Date)) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, [...path, key])]))
    }
    return value
  }
  const result = schema.safeParse(substitute(parsedMatter.data, []))
  const body = replace(parsedMatter.content, 'body')
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
  return { file, data: result.data, body }
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

/** Parses a folder of slugged files, checking each slug's form and uniqueness. */
async function readCollection<S extends z.ZodType>(
  dir: string,
  schema: S,
  site: Site,
  problems: string[],
): Promise<Array<z.infer<S> & { slug: string; file: string; html: string }>> {
  const tokens = tokensFor(site)
  const seen = new Map<string, string>()
  const items: Array<z.infer<S> & { slug: string; file: string; html: string }> = []
  for (const file of markdownFiles(dir, problems)) {
    const slug = slugFromFile(file, site.productName)
    if (!SLUG_PATTERN.test(slug)) {
      problems.push(`${file}: slug: expected a file name of lowercase letters, digits and single hyphens, got "${slug}"`)
      continue
    }
    const first = seen.get(slug)
    if (first) {
      problems.push(`${file}: slug: "${slug}" is already used by ${first}; rename one of the files`)
      continue
    }
    seen.set(slug, file)
    const parsed = parseFile(file, schema, tokens, problems)
    if (!parsed) continue
    if (!parsed.body.trim()) {
      problems.push(`${file}: body: expected markdown text after the frontmatter`)
      continue
    }
    items.push({ ...(parsed.data as object), slug, file, html: await renderMarkdown(parsed.body) } as z.infer<S> & { slug: string; file: string; html: string })
  }
  return items
}

async function readPages(dir: string, site: Site, problems: string[]): Promise<SitePages> {
  const tokens = tokensFor(site)
  const pages: Partial<Record<PageName, unknown>> = {}
  for (const name of Object.keys(pageFrontmatter) as PageName[]) {
    const file = join(dir, `${name}.md`)
    if (!existsSync(file)) {
      problems.push(`${file}: file is missing (every page in lib/content/schemas.ts needs its copy)`)
      continue
    }
    const parsed = parseFile(file, pageFrontmatter[name], tokens, problems)
    if (!parsed) continue
    const sectionHtml: Record<string, string> = {}
    const ids = (parsed.data as { sections?: string[] }).sections
    if (ids) {
      const blocks = parsed.body.split(/^(?=## )/m).filter((block) => block.trim())
      if (blocks.length !== ids.length || !blocks.every((block) => block.startsWith('## '))) {
        problems.push(`${file}: sections: expected one id per "## " section of the body (${ids.length} ids, ${blocks.length} blocks)`)
        continue
      }
      for (const [index, id] of ids.entries()) sectionHtml[id] = await renderMarkdown(blocks[index]!)
    }
    // A page in sections is the sum of its sections: no need to render its markdown a second time.
    const html = ids ? Object.values(sectionHtml).join('\n') : await renderMarkdown(parsed.body)
    pages[name] = { ...parsed.data, file, html, sectionHtml }
  }
  return pages as SitePages
}

/** Reads, validates and renders every content file under `dir`. Throws one ContentError listing every problem. */
export async function readContent(dir: string = contentDir(), site: Site = loadSite(dir)): Promise<Content> {
  const problems: string[] = []
  const posts = await readCollection(join(dir, 'blog'), blogFrontmatter, site, problems)
  const topics = await readCollection(join(dir, 'topics'), topicFrontmatter, site, problems)
  const pages = await readPages(join(dir, 'pages'), site, problems)
  try {
    loadLayout(dir)
  } catch (error) {
    problems.push(...(error as Error).message.split('\n'))
  }
  if (problems.length > 0) throw new ContentError(problems)
  posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
  topics.sort((a, b) => a.title.localeCompare(b.title, 'en') || a.slug.localeCompare(b.slug))
  return {
    site,
    posts,
    topics,
    pages,
    postsBySlug: new Map(posts.map((post) => [post.slug, post])),
    topicsBySlug: new Map(topics.map((topic) => [topic.slug, topic])),
  }
}

let cached: { dir: string; content: Promise<Content> } | undefined

/** readContent, once per process: every prerendered page shares one parse of the content. */
export function loadContent(dir: string = contentDir()): Promise<Content> {
  if (!cached || cached.dir !== dir) cached = { dir, content: readContent(dir) }
  return cached.content
}
