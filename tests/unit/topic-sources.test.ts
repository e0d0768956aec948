// The build's pre-pass over the topic files (pipeline/related-topics.ts): a file is taken again for its
// digest and words whenever it changed since the last build, even with the same size and modification time.
import { statSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { slugFiles } from '../../lib/node/content-files.server'
import { loadSite } from '../../lib/node/site.server'
import { readTopicSources } from '../../pipeline/related-topics'
import { contentCopy, tempDir, topicMarkdown, writeFile } from './content-fixture'

afterEach(() => {
  vi.useRealTimers()
})

/** The topic sources of `content`, as the build reads them with its cache in `cacheDir`. */
function sourcesOf(content: string, cacheDir: string, fresh = false) {
  const site = loadSite(content)
  const files = slugFiles(join(content, 'topics'), site.productName, [])
  return new Map(readTopicSources(files, site, 'code', cacheDir, fresh).map((source) => [source.slug, source]))
}

describe('the topic files read before the pages are rendered', () => {
  it('sees a file rewritten with the same size and its old modification time', () => {
    const content = contentCopy()
    const cacheDir = tempDir('topic-sources-')
    const file = writeFile(content, 'topics/same-size.md', topicMarkdown({ summary: 'summary: Apples for coaches.' }))
    // A whole second, which the file's times hold exactly: put back after the edit, it reads the same.
    const then = 1_700_000_000
    utimesSync(file, then, then)
    const { size } = statSync(file)
    // The last build recorded its stamps long after the file was written: they are trusted, not taken again.
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ['Date'] })
    expect(sourcesOf(content, cacheDir).get('same-size')?.words?.summary).toBe('Apples for coaches.')
    vi.useRealTimers()

    writeFile(content, 'topics/same-size.md', topicMarkdown({ summary: 'summary: Grapes for coaches.' }))
    utimesSync(file, then, then)
    expect([statSync(file).size, statSync(file).mtimeMs]).toEqual([size, then * 1000])
    const again = sourcesOf(content, cacheDir).get('same-size')
    expect(again?.words?.summary).toBe('Grapes for coaches.')
  })

  it('gives the same digests and words from its cache as from the files themselves', () => {
    const content = contentCopy()
    const cacheDir = tempDir('topic-sources-')
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ['Date'] })
    sourcesOf(content, cacheDir)
    const cached = sourcesOf(content, cacheDir)
    const fresh = sourcesOf(content, tempDir('topic-sources-'), true)
    expect(cached.size).toBeGreaterThan(0)
    for (const [slug, source] of fresh) {
      expect(cached.get(slug)?.digest, slug).toBe(source.digest)
      expect(cached.get(slug)?.words, slug).toEqual(source.words)
      expect(cached.get(slug)?.related, slug).toEqual(source.related)
    }
  })

  it('chooses related topics again when a topic’s words change, and keeps its choice while none does', () => {
    const content = contentCopy()
    const cacheDir = tempDir('topic-sources-')
    const before = sourcesOf(content, cacheDir)
    const [slug, source] = [...before].find(([, topic]) => topic.related.length > 0)!
    const other = source.related[0]!.slug
    expect(sourcesOf(content, cacheDir).get(slug)?.related).toEqual(source.related)
    writeFile(content, `topics/${other}.md`, topicMarkdown({ title: 'title: Retitled for the test' }))
    const after = sourcesOf(content, cacheDir)
    expect(after.get(slug)?.related.find((topic) => topic.slug === other)?.title ?? 'no longer related').not.toBe(source.related[0]!.title)
    expect([...after].map(([name, topic]) => [name, topic.related])).toEqual(
      [...sourcesOf(content, tempDir('topic-sources-'), true)].map(([name, topic]) => [name, topic.related]),
    )
  })
})
