import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeTestContent } from '../fixtures/test-content'
import { buildAndCheckSite, E2E_ROOT, siteEnvUnder } from './sites'

// The site tests/e2e/paging.spec.ts looks at: built once, before any test, by tests/e2e/global-setup.ts,
// from the test content (tests/fixtures/content) with PAGED_TOPICS more topics, so that the topic index
// runs to several pages (/topics, /topics/page/2 …), then checked by check:site (its output kept for the
// spec). The spec serves it with the real server on a port of its own.
export const PAGED_ROOT = join(E2E_ROOT, 'paged')
/** Topics added to the fixture's: enough for three pages of the index. */
export const PAGED_TOPICS = 100
/** A fixture topic, copied under other titles. */
const MODEL_TOPIC = 'topics/linkedin-proof-signals.md'

/** Writes the content, builds it and runs check:site on it. */
export function buildPagedSite(): void {
  const content = join(PAGED_ROOT, 'content')
  rmSync(content, { recursive: true, force: true })
  writeTestContent(content)
  const model = readFileSync(join(content, MODEL_TOPIC), 'utf8')
  for (let n = 1; n <= PAGED_TOPICS; n++) {
    const title = `Paged topic ${String(n).padStart(3, '0')}`
    const text = model
      .replace(/^title: .*$/m, `title: ${title}`)
      .replace(/^h1: .*$/m, `h1: ${title}`)
      .replace(/^metaTitle: .*$/m, `metaTitle: ${title}`)
      .replace(/^metaDescription: .*$/m, `metaDescription: What ${title} says, in short.`)
      .replace(/^summary: .*$/m, `summary: The summary of ${title}.`)
      .replace(/^redirectFrom: .*$/m, '')
    writeFileSync(join(content, 'topics', `paged-topic-${n}.md`), text)
  }
  buildAndCheckSite(PAGED_ROOT, siteEnvUnder(PAGED_ROOT))
}
