import { execFileSync } from 'node:child_process'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/node/content.server'
import { contentCopy } from './content-fixture'

describe('the benchmark topic generator (scripts/bench/gen-topics.mjs)', () => {
  it('writes files that pass the content schema, each with its own slug, titles and meta', async () => {
    const dir = contentCopy()
    const topics = join(dir, 'topics')
    rmSync(topics, { recursive: true })
    execFileSync(process.execPath, ['scripts/bench/gen-topics.mjs', '150', topics])
    expect(readdirSync(topics)).toHaveLength(150)
    const content = await readContent(dir)
    expect(content.topics).toHaveLength(150)
    for (const field of ['title', 'h1', 'metaTitle', 'metaDescription'] as const) {
      expect(new Set(content.topics.map((topic) => topic[field])).size, field).toBe(150)
    }
  })
})
