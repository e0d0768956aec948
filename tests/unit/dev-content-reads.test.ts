import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { contentCopy, tempDir } from './content-fixture'

// `npm run dev` reads each content file once per change of the content: the dev server then drops the
// content modules, so one fresh import of them is one change. Counting reads of the markdown shows it.
const reads = vi.hoisted(() => new Map<string, number>())
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>()
  const readFileSync = ((path: Parameters<typeof fs.readFileSync>[0], ...rest: unknown[]) => {
    if (typeof path === 'string' && path.endsWith('.md')) reads.set(path, (reads.get(path) ?? 0) + 1)
    return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest)
  }) as typeof fs.readFileSync
  return { ...fs, default: { ...fs, readFileSync }, readFileSync }
})

const MODE = Symbol.for('authoritylens.content-dev-mode')

beforeEach(() => {
  process.env.BUILD_CACHE_DIR = tempDir('dev-reads-cache-')
})
afterEach(() => {
  delete process.env.CONTENT_DIR
  delete process.env.BUILD_CACHE_DIR
  delete (globalThis as { [MODE]?: unknown })[MODE]
})

/** Every markdown file of the content's folders (README.md aside). */
const markdownFiles = (dir: string) =>
  ['blog', 'topics', 'pages'].flatMap((folder) =>
    readdirSync(join(dir, folder))
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .map((name) => join(dir, folder, name)),
  )

describe('the content in npm run dev', () => {
  it('reads each article, topic and fixed page once per change, whatever the pages and the dev server ask of it', async () => {
    const dir = contentCopy()
    process.env.CONTENT_DIR = dir
    const { enterContentDevMode } = await import('../../lib/node/dev-mode.server')
    enterContentDevMode()
    const index = await import('../../lib/node/content-index.server')
    const dev = await import('../../lib/node/dev-server.server')
    reads.clear()

    // What the terminal, the pages' hooks and the dev server's files ask of one change of the content.
    expect((await dev.devContentState()).problems).toEqual([])
    const content = await index.loadContent()
    const post = content.posts[0]!
    const topic = content.topics[0]!
    expect((await index.loadTopic(topic.slug))?.slug).toBe(topic.slug)
    expect(index.loadRelatedTopics().has(topic.slug)).toBe(true)
    for (const path of ['/rss.xml', '/atom.xml', '/feed.json', '/llms.txt', `/blog/${post.slug}.md`, `/topics/${topic.slug}.md`]) {
      expect((await dev.devSyndicationFile(path))?.status, path).toBe(200)
    }

    const files = markdownFiles(dir)
    expect(files.length).toBeGreaterThan(3)
    expect(Object.fromEntries(files.map((file) => [file, reads.get(file) ?? 0]))).toEqual(Object.fromEntries(files.map((file) => [file, 1])))
  }, 60_000)
})
