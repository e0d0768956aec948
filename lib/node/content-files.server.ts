import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'
import { cardsEnabled } from './cards/cards.server'
import { undrawnLetters } from './cards/design.server'
import { replaceOutsideCode } from './code-blocks.server'
import { slugFromFile } from './content-links.server'
import { bodyAfterFrontmatter, FrontmatterSyntaxError, parseFrontmatter, type Frontmatter } from './frontmatter.server'
import { digest } from './paths.server'
import { parseMarkdown } from './render-markdown.server'
import { formatPath } from '../universal/content/format-path'
import { topicFrontmatter, type TopicFrontmatter } from '../universal/content/schemas'
import type { SlugFile } from '../universal/content/types'
import type { Site } from '../universal/site'

// Each content file read and parsed once, its tokens replaced and its frontmatter validated; content.server.ts renders it.

/** One line per problem, `file: field: what was expected` or `file:line:column: what is wrong`. */
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

export interface Parsed<T> {
  file: string
  data: T
  body: string
  bodyLine: number
}

/** An unknown token is a problem of its field. */
function tokenReplacer(file: string, tokens: Record<string, string>, problems: string[]) {
  return (value: string, field: string): string =>
    value.replace(TOKEN_PATTERN, (whole, name: string) => {
      const replacement = tokens[name]
      if (replacement !== undefined) return replacement
      const known = Object.keys(tokens).map((token) => `{${token}}`)
      problems.push(`${file}: ${field}: unknown token ${whole} (known: ${known.join(', ')})`)
      return whole
    })
}

/** A body with no token is not parsed for where its code is. */
function bodyWithTokens(body: string, replace: (value: string, field: string) => string): string {
  return body.search(TOKEN_PATTERN) === -1 ? body : replaceOutsideCode(body, parseMarkdown, (text) => replace(text, 'body'))
}

export function parseFile<S extends z.ZodType>(
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
  const replace = tokenReplacer(file, tokens, problems)
  const substitute = (value: unknown, path: PropertyKey[]): unknown => {
    if (typeof value === 'string') return replace(value, formatPath(path))
    if (Array.isArray(value)) return value.map((item, index) => substitute(item, [...path, index]))
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, [...path, key])]))
    }
    return value
  }
  const result = schema.safeParse(substitute(frontmatter.data, []))
  const body = bodyWithTokens(frontmatter.body, replace)
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

/** How a second file with `first`'s slug is told so, and how the page of `first` finds it (problemsOfFile). */
export const slugTakenFrom = (first: string) => `is already used by ${first}; rename one of the files`

/** A bad or repeated slug is a problem, and its file is left out. */
export function slugFiles(dir: string, productName: string, problems: string[]): SlugFile[] {
  if (!existsSync(dir)) {
    problems.push(`${dir}: folder is missing`)
    return []
  }
  const names = readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md')
  const seen = new Map<string, string>()
  const files: SlugFile[] = []
  for (const file of names.sort().map((name) => join(dir, name))) {
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

/** Undefined (the reasons in `problems`) when it is not valid. */
export function readEntry<S extends z.ZodType>(
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

/** A letter no card font draws is a problem of its file: a card never leaves a word out. */
export function checkCardText(file: string, field: string, text: string, problems: string[]): void {
  if (!cardsEnabled()) return
  const letters = undrawnLetters(text)
  if (letters)
    problems.push(
      `${file}: ${field}: the social card has no font for ${letters}; cards draw Latin, Greek, Cyrillic, Japanese, Arabic and Devanagari letters (see Social cards in content/README.md)`,
    )
}

/** Read and validated, not yet rendered: the build hands it to the worker that renders the page. */
export interface TopicRead {
  digest: string
  parsed?: Parsed<TopicFrontmatter> & { slug: string }
  problems: string[]
}

export function readTopic(topicFile: SlugFile, tokens: Record<string, string>, text: string = readFileSync(topicFile.file, 'utf8')): TopicRead {
  const problems: string[] = []
  const parsed = readEntry(topicFile, topicFrontmatter, tokens, problems, text)
  return { digest: digest(text), ...(parsed && { parsed }), problems }
}

/** A topic read with its body left in its file: the build holds every read until a worker takes it, and bodies are most of the bytes. */
export type TopicReadWithoutBody = Omit<TopicRead, 'parsed'> & { parsed?: Omit<NonNullable<TopicRead['parsed']>, 'body'> }

export function withoutBody(read: TopicRead): TopicReadWithoutBody {
  if (!read.parsed) return read
  const { body: _body, ...parsed } = read.parsed
  return { ...read, parsed }
}

/** The body read back (its tokens' problems were reported by the first read); a changed file is a problem. */
export function withBody(read: TopicRead | TopicReadWithoutBody, tokens: Record<string, string>): TopicRead {
  const { parsed } = read
  if (!parsed || 'body' in parsed) return read as TopicRead
  const text = readFileSync(parsed.file, 'utf8')
  if (digest(text) !== read.digest) return { digest: read.digest, problems: [`${parsed.file}: changed while the build was reading it; build again`] }
  return { ...read, parsed: { ...parsed, body: bodyWithTokens(bodyAfterFrontmatter(text), tokenReplacer(parsed.file, tokens, [])) } }
}

/** No file is read. */
export function topicSlugFiles(dir: string, site: Site): SlugFile[] {
  return slugFiles(join(dir, 'topics'), site.productName, [])
}

export type TopicReads = ReadonlyMap<string, TopicRead>
