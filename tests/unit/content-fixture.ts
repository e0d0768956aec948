import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { BuiltPage } from '../../lib/node/built-pages.server'
import { ContentError } from '../../lib/node/content-files.server'
import { readContent } from '../../lib/node/content.server'
import { ImageCache } from '../../lib/node/image-cache.server'
import { pathOfHtmlFile } from '../../lib/universal/routes'
import { FIXTURE_ENTRIES, writeTestContent } from '../fixtures/test-content'

const made: string[] = []

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The problem lines a content read (`read`) fails with, naming file and field; an empty list when it reads without one. */
export async function contentProblems(read: () => Promise<unknown>): Promise<string[]> {
  try {
    await read()
    return []
  } catch (error) {
    if (error instanceof ContentError) return error.problems
    throw error
  }
}

/** The problem lines reading `dir` (with `images`, a cache of the test's own) produces (an empty list if it is valid). */
export const problemsIn = (dir: string, images?: ImageCache): Promise<string[]> => contentProblems(() => readContent(dir, undefined, undefined, images))

/** An empty temp dir, removed after the test. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

/**
 * For a test file whose tests read content with images: the test content's images are encoded once,
 * before its tests, into a cache; each call of the function returned gives a cache of the test's own that
 * holds them already, so no test pays for encoding them again.
 */
export function seededImageCaches(prefix: string): () => ImageCache {
  let seeded = ''
  beforeAll(async () => {
    seeded = join(mkdtempSync(join(tmpdir(), prefix)), 'images')
    await readContent(fixtureContent(), undefined, undefined, new ImageCache(seeded))
  }, 60_000)
  afterAll(() => rmSync(join(seeded, '..'), { recursive: true, force: true }))
  return () => {
    const dir = join(tempDir('images-'), 'images')
    cpSync(seeded, dir, { recursive: true })
    return new ImageCache(dir)
  }
}

/** What the build knows of a page it wrote as `file`, with no inline script or style unless `facts` say so. */
export function builtPage(file: string, facts: Partial<BuiltPage> = {}): BuiltPage {
  return { file, path: pathOfHtmlFile(file), canonical: undefined, noindex: false, lastmod: undefined, inlineHashes: { script: [], style: [] }, ...facts }
}

export { FIXTURE_ENTRIES, writeTestContent }

let shared: string | undefined
afterAll(() => {
  if (shared) rmSync(shared, { recursive: true, force: true })
  shared = undefined
})

/** The test content, written once per test file into a temp dir: for tests that only read it. */
export function fixtureContent(): string {
  shared ??= writeTestContent(mkdtempSync(join(tmpdir(), 'test-content-')))
  return shared
}

/** A copy of the test content in a temp dir of its own, for tests that break or add one file. */
export function contentCopy(): string {
  return writeTestContent(tempDir('content-'))
}

export function writeFile(dir: string, relativePath: string, text: string): string {
  const file = join(dir, relativePath)
  writeFileSync(file, text)
  return file
}

/** Frontmatter and body as a file; `overrides` replaces whole lines of `fields` by key (null removes the line). */
function markdownFile(fields: Record<string, string>, overrides: Record<string, string | null>, body: string): string {
  const lines = { ...fields }
  for (const [key, line] of Object.entries(overrides)) {
    if (line === null) delete lines[key]
    else lines[key] = line
  }
  return `---\n${Object.values(lines).join('\n')}\n---\n${body}`
}

/** A valid topic file; `overrides` replaces whole frontmatter lines by key (null removes the line). */
export function topicMarkdown(overrides: Record<string, string | null> = {}, body = 'Supporting copy for this topic.\n'): string {
  const fields = {
    title: 'title: Test topic',
    summary: 'summary: A test topic summary.',
    h1: 'h1: A test topic heading',
    shortAnswer: 'shortAnswer: A short answer.',
    metaTitle: 'metaTitle: Test topic meta title',
    metaDescription: 'metaDescription: Test topic meta description.',
    faqs: 'faqs:\n  - q: First question?\n    a: First answer.\n  - q: Second question?\n    a: Second answer.',
  }
  return markdownFile(fields, overrides, body)
}

/** The test article's body: a link to a topic, inline code, a TypeScript block (whose braces are no tokens) and a block without a language. */
export const ARTICLE_BODY = `Read [the proof signals](../topics/linkedin-proof-signals.md) first, then run \`score()\`:

\`\`\`ts
const {headline} = profile // {product} stays as written in code
export function score(text: string): number {
  return text.length > 220 ? 0 : 1
}
\`\`\`

A block without a language stays plain:

\`\`\`
plain text
\`\`\`
`

/** A valid article by the test content's author; `overrides` replaces whole frontmatter lines by key (null removes the line). */
export function articleMarkdown(overrides: Record<string, string | null> = {}, body = ARTICLE_BODY): string {
  const fields = {
    title: 'title: A test article',
    description: 'description: About the test article.',
    date: 'date: 2025-09-12',
    author: 'author: nadia-brennan',
  }
  return markdownFile(fields, overrides, body)
}

/**
 * Writes a PNG of `width` × `height` pixels: its left half the site's accent, its right half its
 * soft accent, or see-through with `transparent`. Returns its path.
 */
export async function pngFile(
  dir: string,
  relativePath: string,
  { width, height, transparent = false }: { width: number; height: number; transparent?: boolean },
): Promise<string> {
  const file = join(dir, relativePath)
  mkdirSync(dirname(file), { recursive: true })
  const background = transparent ? { r: 0, g: 0, b: 0, alpha: 0 } : '#e8eefb'
  await sharp({ create: { width, height, channels: 4, background } })
    .composite([{ input: { create: { width: Math.ceil(width / 2), height, channels: 4, background: '#0b3d91' } }, left: 0, top: 0 }])
    .png()
    .toFile(file)
  return file
}
