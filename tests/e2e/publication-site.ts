import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeTestContent } from '../fixtures/test-content'
import { buildAndCheckSite, E2E_ROOT, siteEnvUnder } from './sites'

// The site tests/e2e/publication.spec.ts looks at: built once, before any test, by
// tests/e2e/global-setup.ts, from the test content (tests/fixtures/content, so the articles and topics
// named here are the fixture's, never a writer's) with a draft article, an article and a topic
// dated after the build's day (BUILD_DATE) and old URLs on an article and a topic, then checked by
// check:site (its output kept for the spec). The spec serves it with the real server on a port of its own.
export const PUBLICATION_ROOT = join(E2E_ROOT, 'publication')
export const BUILD_DATE = '2027-01-04'
export const OLD_ARTICLE_URL = '/blog/old-profiles-post'
export const ARTICLE = '/blog/why-most-linkedin-profiles-fail'
export const OLD_TOPIC_URL = '/topics/old-proof-signals'
export const TOPIC = '/topics/linkedin-proof-signals'
export const LEFT_OUT = ['/blog/draft-post', '/blog/future-post', '/topics/future-topic']

/** The build's, check:site's and the server's environment for this site. */
export const publicationEnv = (): NodeJS.ProcessEnv => siteEnvUnder(PUBLICATION_ROOT, { BUILD_DATE })

/** An article by the test content's author. */
const article = (title: string, extra: string) =>
  `---\ntitle: ${title}\ndescription: About ${title}.\ndate: 2025-09-12\nauthor: nadia-brennan\n${extra}\n---\nThe text of ${title}.\n`

/** A topic, a copy of the fixture's under another title (its own file, so its own page). */
function topic(title: string, extra: string): string {
  const text = readFileSync(join(PUBLICATION_ROOT, 'content', `${TOPIC}.md`), 'utf8')
  return text.replace(/^title: .*$/m, `title: ${title}\n${extra}`).replace(/^metaTitle: .*$/m, `metaTitle: ${title}`)
}

/** Adds a frontmatter line to a copied content file. */
function addLine(file: string, line: string) {
  const path = join(PUBLICATION_ROOT, 'content', file)
  writeFileSync(path, readFileSync(path, 'utf8').replace(/^---\n/, `---\n${line}\n`))
}

/** Writes the content (rewritten each time), builds it and runs check:site on it. */
export function buildPublicationSite(): void {
  rmSync(join(PUBLICATION_ROOT, 'content'), { recursive: true, force: true })
  writeTestContent(join(PUBLICATION_ROOT, 'content'))
  writeFileSync(join(PUBLICATION_ROOT, 'content/blog/draft-post.md'), article('A draft article', 'draft: true'))
  writeFileSync(join(PUBLICATION_ROOT, 'content/blog/future-post.md'), article('A future article', 'date: 2027-01-05').replace('date: 2025-09-12\n', ''))
  writeFileSync(join(PUBLICATION_ROOT, 'content/topics/future-topic.md'), topic('A future topic', 'date: 2027-01-05'))
  addLine('blog/why-most-linkedin-profiles-fail.md', `redirectFrom: [${OLD_ARTICLE_URL}]`)
  addLine('topics/linkedin-proof-signals.md', `redirectFrom: [${OLD_TOPIC_URL}]`)
  buildAndCheckSite(PUBLICATION_ROOT, publicationEnv())
}
