// A bad content file (a field missing, too long, of the wrong type or unknown; a bad slug, page copy,
// layout.json or date) fails the read and `npm run build`, with one line naming the file and the field.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/node/content.server'
import { articleMarkdown, contentCopy, topicMarkdown, writeFile, problemsIn } from './content-fixture'

/** `text` as a regular expression that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('a bad content file fails with one line naming the file, the field and what was expected', () => {
  it.each([
    [
      'an empty FAQ answer, counting the FAQs from 1: faqs[2] is the second',
      'topics/x.md',
      topicMarkdown({ faqs: 'faqs:\n  - q: One?\n    a: Yes.\n  - q: Two?\n    a: ""' }),
      'faqs[2].a: expected a non-empty string',
    ],
    ['a missing required field', 'topics/x.md', topicMarkdown({ metaTitle: null }), 'metaTitle: required field is missing (expected a non-empty string)'],
    [
      'a meta title over 60 characters, with its length',
      'topics/x.md',
      topicMarkdown({ metaTitle: `metaTitle: ${'x'.repeat(61)}` }),
      'metaTitle: expected at most 60 characters, got 61',
    ],
    // 150 characters plus "AuthorityLens" (13) is over 160, although the raw text is not.
    [
      'a meta description too long once {product} is spelled out',
      'topics/x.md',
      topicMarkdown({ metaDescription: `metaDescription: "{product} ${'y'.repeat(150)}"` }),
      'metaDescription: expected at most 160 characters, got 164',
    ],
    ['a field of the wrong type', 'topics/x.md', topicMarkdown({ showUpgradeCTA: 'showUpgradeCTA: "no"' }), 'showUpgradeCTA: expected true or false'],
    [
      'a misspelt (unknown) field',
      'topics/x.md',
      topicMarkdown({ extra: 'metatitle: oops' }),
      'metatitle: unknown field (check its spelling against content/README.md)',
    ],
    [
      'an article without an author',
      'blog/x.md',
      articleMarkdown({ author: null }),
      'author: required field is missing (expected the id of an author in content/authors.json)',
    ],
    ['a blog date that is not YYYY-MM-DD', 'blog/x.md', articleMarkdown({ date: 'date: 12/09/2025' }), 'date: expected a date as YYYY-MM-DD'],
    ['an update dated before the article', 'blog/x.md', articleMarkdown({ updated: 'updated: 2025-09-01' }), 'updated: expected a date on or after `date`'],
    ['an empty body', 'topics/x.md', topicMarkdown({}, '\n'), 'body: expected markdown text after the frontmatter'],
    [
      'a file name that is not a valid slug',
      'topics/Bad Name.md',
      topicMarkdown(),
      'slug: expected a file name of lowercase letters, digits and single hyphens, got "Bad Name"',
    ],
  ])('reports %s', async (_what, path, text, problem) => {
    const dir = contentCopy()
    const file = writeFile(dir, path, text)
    expect(await problemsIn(dir)).toEqual([`${file}: ${problem}`])
  })

  it('counts positions from 1 in every message, nested ones and token ones too', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ faqs: 'faqs:\n  - q: Why {prodcut}?\n    a: Yes.\n  - q: Two?\n    extra: no\n    a: Fine.' }))
    expect(await problemsIn(dir)).toEqual([
      expect.stringMatching(new RegExp(`^${literally(file)}: faqs\\[1\\]\\.q: unknown token \\{prodcut\\}`)),
      `${file}: faqs[2].extra: unknown field (check its spelling against content/README.md)`,
    ])
  })

  it('reports two files that end up with the same slug', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/authoritylens-vs-ssi.md', topicMarkdown())
    expect(await problemsIn(dir)).toEqual([
      `${join(dir, 'topics/{product}-vs-ssi.md')}: slug: "authoritylens-vs-ssi" is already used by ${file}; rename one of the files`,
    ])
  })

  it('reports a missing page file', async () => {
    const dir = contentCopy()
    rmSync(join(dir, 'pages/thank-you.md'))
    expect(await problemsIn(dir)).toEqual([
      `${join(dir, 'pages/thank-you.md')}: file is missing (every page in lib/universal/content/schemas.ts needs its copy)`,
    ])
  })

  it('reports home sections that do not match the body\'s "## " headings', async () => {
    const dir = contentCopy()
    const home = join(dir, 'pages/home.md')
    writeFile(
      dir,
      'pages/home.md',
      readFileSync(home, 'utf8').replace('sections: [audit, how-it-works, guarantee, get-started]', 'sections: [audit, how-it-works]'),
    )
    expect(await problemsIn(dir)).toEqual([`${home}: sections: expected one id per "## " section of the body (2 ids, 4 blocks)`])
  })

  it('reports a testimonial whose kind names no section of its page, a sample score out of 0–100, and each bad layout.json field', async () => {
    const dir = contentCopy()
    const [home, testimonials, layout] = [join(dir, 'pages/home.md'), join(dir, 'pages/testimonials.md'), join(dir, 'layout.json')]
    writeFile(dir, 'pages/testimonials.md', readFileSync(testimonials, 'utf8').replace('sections: [scored, score, audit,', 'sections: [scored, scores, audit,'))
    writeFile(dir, 'pages/home.md', readFileSync(home, 'utf8').replace('    - label: Proof\n      score: 52', '    - label: Proof\n      score: 152'))
    const ui = JSON.parse(readFileSync(layout, 'utf8')) as Record<string, Record<string, string>>
    const { heading: _heading, ...error } = ui.error!
    const { breadcrumbBlog: _breadcrumbBlog, ...blog } = ui.blog!
    writeFile(dir, 'layout.json', JSON.stringify({ ...ui, skipLink: '', blog, error }))
    const kind = 'kind: expected the id of a section of this page (scored, scores, audit, before-after, your-turn)'
    expect((await problemsIn(dir)).sort()).toEqual(
      [
        `${home}: sampleScore.categories[2].score: expected a whole number from 0 to 100`,
        `${testimonials}: testimonials[1].${kind}`,
        `${testimonials}: testimonials[2].${kind}`,
        `${testimonials}: testimonials[3].${kind}`,
        `${layout}: blog.breadcrumbBlog: expected a non-empty string`,
        `${layout}: error.heading: expected a non-empty string`,
        `${layout}: skipLink: expected a non-empty string`,
      ].sort(),
    )
  })

  it('fails `npm run build` before Vike runs, printing the problem', () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ faqs: 'faqs:\n  - q: One?\n    a: Yes.\n  - q: Two?\n    a: ""' }))
    let status = 0
    let stderr = ''
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-content.ts'], { env: { ...process.env, CONTENT_DIR: dir }, stdio: 'pipe' })
    } catch (error) {
      status = (error as { status: number }).status
      stderr = String((error as { stderr: Buffer }).stderr)
    }
    expect(status).toBe(1)
    expect(stderr).toContain(`${file}: faqs[2].a: expected a non-empty string`)
  })
})

describe('dates are checked as the writer typed them', () => {
  const post = (date: string, updated?: string) => articleMarkdown({ date: `date: ${date}`, ...(updated ? { updated: `updated: ${updated}` } : {}) })

  it.each(['2025-13-45', '2025-02-30', '"2025-02-30"', "'2025-13-45'"])('reports date: %s as not a real date, quoted or not', async (date) => {
    const dir = contentCopy()
    const file = writeFile(dir, 'blog/x.md', post(date))
    expect(await problemsIn(dir)).toEqual([`${file}: date: ${date.replace(/["']/g, '')} is not a real date; write YYYY-MM-DD`])
  })

  it('keeps a real date, quoted or not, as the text written', async () => {
    const dir = contentCopy()
    writeFile(dir, 'blog/x.md', post('2024-02-29', '"2025-03-01"'))
    const { postsBySlug } = await readContent(dir)
    expect(postsBySlug.get('x')).toMatchObject({ date: '2024-02-29', updated: '2025-03-01' })
  })
})
