import { appendFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/node/content.server'
import { benchContent } from '../../scripts/bench/content'
import { contentCopy, tempDir, writeFile } from './content-fixture'

describe("the benchmark's content (npm run bench:build)", () => {
  it('keeps the real topics the articles and pages link to, so their links do not fail its build, beside generated topics that pass the schema', async () => {
    const source = contentCopy()
    appendFileSync(join(source, 'blog', 'why-most-linkedin-profiles-fail.md'), '\nRead [what an audit checks](../topics/ai-linkedin-audit.md).\n')
    appendFileSync(join(source, 'pages', 'testimonials.md'), '\nSee [the comparison](/topics/authoritylens-vs-ssi).\n')
    // A kept topic's own link keeps its target too.
    appendFileSync(join(source, 'topics', 'ai-linkedin-audit.md'), '\nSee [proof signals](./linkedin-proof-signals.md).\n')
    writeFile(source, 'README.md', 'Link a topic as [this](../topics/linkedin-audit-results.md).\n')

    const target = join(tempDir('bench-'), 'content')
    const kept = benchContent(source, target, 20)

    expect(kept).toEqual(['ai-linkedin-audit.md', 'linkedin-proof-signals.md', '{product}-vs-ssi.md'])
    expect(readdirSync(join(target, 'topics'))).toHaveLength(23)
    // The generated topics (scripts/bench/gen-topics.mjs) pass the content schema, each with its own slug, titles and meta.
    const content = await readContent(target)
    expect(content.topics).toHaveLength(23)
    for (const field of ['title', 'h1', 'metaTitle', 'metaDescription'] as const)
      expect(new Set(content.topics.map((topic) => topic[field])).size, field).toBe(23)
  }, 60_000)
})
