import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/content/load'
import { generateTopics } from '../../scripts/generate-topics'
import { contentCopy } from './content-fixture'

describe('the scale-test topic generator', () => {
  it('writes files that pass the content schema, each with its own slug, titles and meta', async () => {
    const dir = contentCopy()
    generateTopics(dir, 150)
    expect(readdirSync(join(dir, 'topics')).filter((name) => name.startsWith('scale-topic-'))).toHaveLength(150)
    const { topics } = await readContent(dir)
    expect(topics).toHaveLength(29 + 150)
    for (const field of ['title', 'h1', 'metaTitle', 'metaDescription'] as const) {
      expect(new Set(topics.map((topic) => topic[field])).size, field).toBe(179)
    }
  })
})
