import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/node/content.server'
import { copyNotes } from '../../lib/node/copy-notes.server'
import { contentCopy, fixtureContent, writeFile } from './content-fixture'

// The pages the product requires say what they must (the home FAQ, the legal facts); the writing's own
// bars (length, no copy shared between topics) are notes of `npm run check:content`, never errors.
const site = await readContent('content')

function plainText(html: string): string {
  return html.replace(/<[^>]+>/g, ' ')
}

describe('the required pages', () => {
  it('has 27 questions in the home FAQ, none asked twice', () => {
    const questions = site.pages.home.faqs.map((faq) => faq.q)
    expect(questions).toHaveLength(27)
    expect(new Set(questions).size).toBe(27)
  })

  it('states the legal facts the policies must', () => {
    const privacy = plainText(site.pages['privacy-policy'].html)
    const terms = plainText(site.pages['terms-of-service'].html)
    for (const text of [privacy, terms]) expect(text).toContain('September 9, 2025')
    expect(terms).toMatch(/Minnesota/)
    expect(terms).toMatch(/Hennepin County/)
    expect(privacy).toMatch(/18/)
    expect(terms).toMatch(/18/)
  })
})

describe('the copy notes of check:content', () => {
  it('has none for full articles and topics, each with its own copy', async () => {
    expect(copyNotes(await readContent(fixtureContent()))).toEqual([])
  })

  it('names a short article, a short topic and a sentence two topics share, each by its file', async () => {
    const dir = contentCopy()
    const article = join(dir, 'blog', 'why-most-linkedin-profiles-fail.md')
    const [, frontmatter] = readFileSync(article, 'utf8').split('---\n')
    writeFile(dir, 'blog/why-most-linkedin-profiles-fail.md', `---\n${frontmatter}---\nA short article of a few words.\n`)
    const shared = 'Every profile that names its buyer and its result in the first line earns the second look it needs.'
    for (const slug of ['linkedin-audit-for-coaches', 'linkedin-proof-signals']) {
      const file = join(dir, 'topics', `${slug}.md`)
      writeFile(dir, `topics/${slug}.md`, `${readFileSync(file, 'utf8')}\n${shared}\n`)
    }
    const topic = join(dir, 'topics', 'linkedin-authority-check.md')
    const [, topicFrontmatter] = readFileSync(topic, 'utf8').split('---\n')
    writeFile(dir, 'topics/linkedin-authority-check.md', `---\n${topicFrontmatter}---\nToo little copy here.\n`)

    const notes = copyNotes(await readContent(dir))
    expect(notes).toHaveLength(3)
    expect(notes).toContainEqual(expect.stringMatching(/\/blog\/why-most-linkedin-profiles-fail\.md: \d+ words; an article usually has 800 or more$/))
    expect(notes).toContainEqual(
      expect.stringMatching(/\/topics\/linkedin-authority-check\.md: \d+ words of supporting copy; a topic usually has 250 or more$/),
    )
    expect(notes).toContainEqual(
      expect.stringMatching(/linkedin-proof-signals\.md: a sentence also on .*linkedin-audit-for-coaches\.md, such as "Every profile that names/),
    )
  })
})
