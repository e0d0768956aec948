import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/node/content.server'
import { AUTHOR_BIO_MAX, AUTHOR_BYLINE_MAX, META_DESCRIPTION_MAX, META_TITLE_MAX } from '../../lib/universal/content/schemas'
import { articleMarkdown, contentCopy, fixtureContent, topicMarkdown, writeFile, contentProblems } from './content-fixture'

/** `text` as a regular expression that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The problem lines reading `dir` produces (an empty list if it is valid). */
function problemsIn(dir: string): Promise<string[]> {
  return contentProblems(() => readContent(dir))
}

describe('reading content', () => {
  it('makes an entry of every article and topic file, its slug the file name with {product} spelled out', async () => {
    const dir = fixtureContent()
    const content = await readContent(dir)
    const slugsIn = (folder: string) =>
      readdirSync(join(dir, folder))
        .filter((name) => name.endsWith('.md'))
        .map((name) => name.replace(/\.md$/, '').replace('{product}', 'authoritylens'))
        .sort()
    expect(content.posts.map((post) => post.slug).sort()).toEqual(slugsIn('blog'))
    expect(content.topics.map((topic) => topic.slug).sort()).toEqual(slugsIn('topics'))
    expect(content.topics.map((topic) => topic.slug)).toContain('authoritylens-vs-ssi')
    // Everything a visitor reads (the file names, which may contain {product}, are left out) has its tokens replaced.
    const visibleText = JSON.stringify(content, (key, value: unknown) => (key === 'file' ? undefined : value))
    expect(visibleText).toContain('AuthorityLens')
    expect(visibleText.match(/\{product\}/g)).toBeNull()
  })

  it('lists articles newest first', async () => {
    const { posts } = await readContent(fixtureContent())
    const dates = posts.map((post) => post.date)
    expect(new Set(dates).size).toBeGreaterThan(1)
    expect(dates).toEqual([...dates].sort().reverse())
  })
})

describe('a bad content file fails with one line naming the file, the field and what was expected', () => {
  it('reports an empty FAQ answer, counting the FAQs from 1: faqs[2] is the second', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ faqs: 'faqs:\n  - q: One?\n    a: Yes.\n  - q: Two?\n    a: ""' }))
    expect(await problemsIn(dir)).toEqual([`${file}: faqs[2].a: expected a non-empty string`])
  })

  it('counts positions from 1 in every message, nested ones and token ones too', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ faqs: 'faqs:\n  - q: Why {prodcut}?\n    a: Yes.\n  - q: Two?\n    extra: no\n    a: Fine.' }))
    expect(await problemsIn(dir)).toEqual([
      expect.stringMatching(new RegExp(`^${literally(file)}: faqs\\[1\\]\\.q: unknown token \\{prodcut\\}`)),
      `${file}: faqs[2].extra: unknown field (check its spelling against content/README.md)`,
    ])
  })

  it('reports a missing required field', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ metaTitle: null }))
    expect(await problemsIn(dir)).toEqual([`${file}: metaTitle: required field is missing (expected a non-empty string)`])
  })

  it('reports a meta title over 60 characters, with its length', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ metaTitle: `metaTitle: ${'x'.repeat(61)}` }))
    expect(await problemsIn(dir)).toEqual([`${file}: metaTitle: expected at most 60 characters, got 61`])
  })

  it('counts a meta description with {product} spelled out', async () => {
    const dir = contentCopy()
    // 150 characters plus "AuthorityLens" (13) is over 160, although the raw text is not.
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ metaDescription: `metaDescription: "{product} ${'y'.repeat(150)}"` }))
    expect(await problemsIn(dir)).toEqual([`${file}: metaDescription: expected at most 160 characters, got 164`])
  })

  it('reports a field of the wrong type', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ showUpgradeCTA: 'showUpgradeCTA: "no"' }))
    expect(await problemsIn(dir)).toEqual([`${file}: showUpgradeCTA: expected true or false`])
  })

  it('reports a misspelt (unknown) field', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ extra: 'metatitle: oops' }))
    expect(await problemsIn(dir)).toEqual([`${file}: metatitle: unknown field (check its spelling against content/README.md)`])
  })

  it('reports a blog date that is not YYYY-MM-DD', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'blog/x.md', articleMarkdown({ date: 'date: 12/09/2025' }))
    expect(await problemsIn(dir)).toEqual([`${file}: date: expected a date as YYYY-MM-DD`])
  })

  it('reports an update dated before the article', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'blog/x.md', articleMarkdown({ updated: 'updated: 2025-09-01' }))
    expect(await problemsIn(dir)).toEqual([`${file}: updated: expected a date on or after \`date\``])
  })

  it('reports an empty body', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({}, '\n'))
    expect(await problemsIn(dir)).toEqual([`${file}: body: expected markdown text after the frontmatter`])
  })

  it('reports an unknown {token}', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ title: 'title: Why {prodcut} works' }))
    const problems = await problemsIn(dir)
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${literally(file)}: title: unknown token \\{prodcut\\}`))])
  })

  it('reports two files that end up with the same slug', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/authoritylens-vs-ssi.md', topicMarkdown())
    expect(await problemsIn(dir)).toEqual([
      `${join(dir, 'topics/{product}-vs-ssi.md')}: slug: "authoritylens-vs-ssi" is already used by ${file}; rename one of the files`,
    ])
  })

  it('reports a file name that is not a valid slug', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/Bad Name.md', topicMarkdown())
    expect(await problemsIn(dir)).toEqual([`${file}: slug: expected a file name of lowercase letters, digits and single hyphens, got "Bad Name"`])
  })

  it('reports a missing page file', async () => {
    const dir = contentCopy()
    const { rmSync } = await import('node:fs')
    rmSync(join(dir, 'pages/thank-you.md'))
    expect(await problemsIn(dir)).toEqual([
      `${join(dir, 'pages/thank-you.md')}: file is missing (every page in lib/universal/content/schemas.ts needs its copy)`,
    ])
  })

  it('reports home sections that do not match the body\'s "## " headings', async () => {
    const dir = contentCopy()
    const { readFileSync } = await import('node:fs')
    const home = join(dir, 'pages/home.md')
    writeFile(
      dir,
      'pages/home.md',
      readFileSync(home, 'utf8').replace('sections: [audit, how-it-works, guarantee, get-started]', 'sections: [audit, how-it-works]'),
    )
    expect(await problemsIn(dir)).toEqual([`${home}: sections: expected one id per "## " section of the body (2 ids, 4 blocks)`])
  })

  it('reports a testimonial whose kind names no section of its page, and a sample score out of 0–100', async () => {
    const dir = contentCopy()
    const testimonials = join(dir, 'pages/testimonials.md')
    const home = join(dir, 'pages/home.md')
    writeFile(dir, 'pages/testimonials.md', readFileSync(testimonials, 'utf8').replace('sections: [scored, score, audit,', 'sections: [scored, scores, audit,'))
    writeFile(dir, 'pages/home.md', readFileSync(home, 'utf8').replace('    - label: Proof\n      score: 52', '    - label: Proof\n      score: 152'))
    const sections = 'scored, scores, audit, before-after, your-turn'
    expect(await problemsIn(dir)).toEqual([
      `${home}: sampleScore.categories[2].score: expected a whole number from 0 to 100`,
      `${testimonials}: testimonials[1].kind: expected the id of a section of this page (${sections})`,
      `${testimonials}: testimonials[2].kind: expected the id of a section of this page (${sections})`,
      `${testimonials}: testimonials[3].kind: expected the id of a section of this page (${sections})`,
    ])
  })

  it('reports a bad layout.json field, naming it', async () => {
    const dir = contentCopy()
    writeFile(dir, 'layout.json', JSON.stringify({ ...JSON.parse((await import('node:fs')).readFileSync(join(dir, 'layout.json'), 'utf8')), skipLink: '' }))
    expect(await problemsIn(dir)).toEqual([`${join(dir, 'layout.json')}: skipLink: expected a non-empty string`])
  })

  it('reports a missing error heading or blog breadcrumb label in layout.json, naming each', async () => {
    const dir = contentCopy()
    const ui = JSON.parse((await import('node:fs')).readFileSync(join(dir, 'layout.json'), 'utf8')) as Record<string, Record<string, string>>
    const { heading: _heading, ...error } = ui.error!
    const { breadcrumbBlog: _breadcrumbBlog, ...blog } = ui.blog!
    writeFile(dir, 'layout.json', JSON.stringify({ ...ui, blog, error }))
    expect((await problemsIn(dir)).sort()).toEqual([
      `${join(dir, 'layout.json')}: blog.breadcrumbBlog: expected a non-empty string`,
      `${join(dir, 'layout.json')}: error.heading: expected a non-empty string`,
    ])
  })

  it('lists every problem of every file at once', async () => {
    const dir = contentCopy()
    const a = writeFile(dir, 'topics/a.md', topicMarkdown({ h1: null, summary: 'summary: ""' }))
    const b = writeFile(dir, 'blog/b.md', articleMarkdown({ description: null }))
    expect((await problemsIn(dir)).sort()).toEqual(
      [
        `${a}: h1: required field is missing (expected a non-empty string)`,
        `${a}: summary: expected a non-empty string`,
        `${b}: description: required field is missing (expected a non-empty string)`,
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

describe('a YAML mistake is reported in plain words at its line and column of the file', () => {
  it('reports an unclosed quote where it opens, not where the frontmatter ends', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ summary: 'summary: "A test topic summary.' }))
    expect(await problemsIn(dir)).toEqual([`${file}:3:10: the quote (") that opens this value is never closed; add one where the value ends`])
  })

  it('reports an unclosed quote where it opens when a later quote closes it', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ title: 'title: "Why it works', metaTitle: 'metaTitle: "{product} vs SSI"' }))
    expect(await problemsIn(dir)).toEqual([`${file}:2:8: the quote (") that opens this value is never closed; add one where the value ends`])
  })

  it('names a tab used for indentation, on each line that has one', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ faqs: 'faqs:\n\t- q: One?\n\t  a: Yes.\n  - q: Two?\n    a: Fine.' }))
    expect(await problemsIn(dir)).toEqual([`${file}:9:1: tabs cannot indent YAML; use spaces`, `${file}:10:1: tabs cannot indent YAML; use spaces`])
  })

  it('names a duplicate key', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ extra: 'title: Another title' }))
    expect(await problemsIn(dir)).toEqual([`${file}:13:1: duplicate key "title": it is already set above; keep one`])
  })

  it('reports a list that is never closed where it opens', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', '---\ntitle: [unclosed\n---\nBody.\n')
    expect(await problemsIn(dir)).toEqual([`${file}:2:8: this [ or { list is not closed, or an entry lacks its comma`])
  })

  it('reports a value that starts with {product} unquoted on its own line', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ metaTitle: 'metaTitle: {product} vs SSI' }))
    expect(await problemsIn(dir)).toEqual([`${file}:6:1: expected "field: value" here; a value that starts with a quote, [ or { must be quoted whole`])
  })
})

describe('links between content files', () => {
  const postLinking = (...lines: string[]) => articleMarkdown({}, `${lines.join('\n')}\n`)

  it('points a link to a content file at its page, keeping its #anchor', async () => {
    const dir = contentCopy()
    writeFile(
      dir,
      'blog/x.md',
      postLinking(
        'See [the audit](../topics/ai-linkedin-audit.md#faq), [the other post](./why-most-linkedin-profiles-fail.md),',
        '[the comparison](../topics/{product}-vs-ssi.md), [topics](/topics/), [the icon](/favicon.svg) and [a page][ref].',
        '',
        '[ref]: /testimonials',
      ),
    )
    const { postsBySlug } = await readContent(dir)
    const hrefs = [...postsBySlug.get('x')!.html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href)
    expect(hrefs).toEqual([
      '/topics/ai-linkedin-audit#faq',
      '/blog/why-most-linkedin-profiles-fail',
      '/topics/authoritylens-vs-ssi',
      '/topics/',
      '/favicon.svg',
      '/testimonials',
    ])
  })

  it('leaves #anchors and other sites alone', async () => {
    const dir = contentCopy()
    writeFile(dir, 'blog/x.md', postLinking('[Up](#top), [mail](mailto:{supportEmail}), [elsewhere](https://example.com/x.md) and [phone](tel:+100).'))
    const { postsBySlug } = await readContent(dir)
    expect(postsBySlug.get('x')!.html).toContain('<a href="#top">Up</a>, <a href="mailto:')
    expect(postsBySlug.get('x')!.html).toContain('<a href="https://example.com/x.md">elsewhere</a>')
  })

  it('reports each link that leads nowhere with its file, line and target', async () => {
    const dir = contentCopy()
    const file = writeFile(
      dir,
      'blog/x.md',
      postLinking(
        'Intro.',
        '',
        'See [this](../topics/nope.md).',
        '',
        '[That](/topics/nope) and [this page](/blog/missing#top).',
        '[Photo](./photo.png) [Home copy](../pages/home.md)',
      ),
    )
    expect(await problemsIn(dir)).toEqual([
      `${file}:9: link to ../topics/nope.md leads nowhere (no ${join(dir, 'topics/nope.md')})`,
      `${file}:11: link to /topics/nope leads nowhere (no page or file of public/ at /topics/nope)`,
      `${file}:11: link to /blog/missing#top leads nowhere (no page or file of public/ at /blog/missing)`,
      `${file}:12: link to ./photo.png leads nowhere (a relative link must name a content file (.md); link to a page by its path, such as /topics/x)`,
      `${file}:12: link to ../pages/home.md leads nowhere (${join(dir, 'pages/home.md')} is not an article or a topic; link to a page by its path, such as /testimonials)`,
    ])
  })

  it('counts the lines of a page in sections from the top of its file', async () => {
    const dir = contentCopy()
    const home = join(dir, 'pages/home.md')
    const text = readFileSync(home, 'utf8')
    writeFile(
      dir,
      'pages/home.md',
      text.replace('\n## ', '\n## Heading [broken](/nowhere) ').replace(/\n## (?![\s\S]*\n## )/, '\n## Last [broken](/nowhere-else) '),
    )
    const lines = readFileSync(home, 'utf8').split('\n')
    const lineOf = (needle: string) => lines.findIndex((line) => line.includes(needle)) + 1
    expect(await problemsIn(dir)).toEqual([
      `${home}:${lineOf('/nowhere)')}: link to /nowhere leads nowhere (no page or file of public/ at /nowhere)`,
      `${home}:${lineOf('/nowhere-else)')}: link to /nowhere-else leads nowhere (no page or file of public/ at /nowhere-else)`,
    ])
  })
})

describe('every problem of every file at once', () => {
  it('lists YAML mistakes, impossible dates, bad fields and broken links of several files together', async () => {
    const dir = contentCopy()
    const yaml = writeFile(dir, 'topics/a.md', topicMarkdown({ summary: 'summary: "unclosed' }))
    const date = writeFile(dir, 'blog/b.md', articleMarkdown({ date: 'date: 2025-02-30' }))
    const field = writeFile(dir, 'topics/c.md', topicMarkdown({ h1: null }))
    const link = writeFile(dir, 'topics/d.md', topicMarkdown({}, 'See [the old page](../topics/gone.md).\n'))
    expect((await problemsIn(dir)).sort()).toEqual(
      [
        `${yaml}:3:10: the quote (") that opens this value is never closed; add one where the value ends`,
        `${date}: date: 2025-02-30 is not a real date; write YYYY-MM-DD`,
        `${field}: h1: required field is missing (expected a non-empty string)`,
        `${link}:14: link to ../topics/gone.md leads nowhere (no ${join(dir, 'topics/gone.md')})`,
      ].sort(),
    )
  })
})

describe('authors', () => {
  const authorsOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'authors.json'), 'utf8')) as Record<string, Record<string, string>>

  it('gives each article its author from authors.json: name, role, profile and bio', async () => {
    const dir = contentCopy()
    writeFile(dir, 'blog/x.md', articleMarkdown())
    const { author } = (await readContent(dir)).postsBySlug.get('x')!
    expect(author).toEqual({ id: 'nadia-brennan', ...authorsOf(dir)['nadia-brennan'] })
  })

  it('requires an author on every article', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'blog/x.md', articleMarkdown({ author: null }))
    expect(await problemsIn(dir)).toEqual([`${file}: author: required field is missing (expected the id of an author in content/authors.json)`])
  })

  it('reports an author id that authors.json does not have, listing the ids it has', async () => {
    const dir = contentCopy()
    writeFile(dir, 'authors.json', JSON.stringify({ ...authorsOf(dir), 'sam-ito': { name: 'Sam Ito', role: 'Writer', url: 'https://example.com/sam' } }))
    const file = writeFile(dir, 'blog/x.md', articleMarkdown({ author: 'author: nadia' }))
    expect(await problemsIn(dir)).toEqual([`${file}: author: unknown author "nadia" (known: nadia-brennan, sam-ito; see content/authors.json)`])
  })

  it('reports each bad field of authors.json by author and field, blaming no article for it', async () => {
    const dir = contentCopy()
    const authors = join(dir, 'authors.json')
    writeFile(
      dir,
      'authors.json',
      JSON.stringify({
        'nadia-brennan': { name: '', role: 'Editor at {product}', url: 'http://example.com', bio: 'x'.repeat(301) },
        'Sam Ito': { name: 'Sam Ito', role: 'Writer', url: 'https://example.com/sam', twitter: '@sam' },
      }),
    )
    expect((await problemsIn(dir)).sort()).toEqual(
      [
        `${authors}: nadia-brennan.name: expected a non-empty string`,
        `${authors}: nadia-brennan.role: tokens such as {product} are not replaced in authors.json; write the words out`,
        `${authors}: nadia-brennan.url: expected an https:// URL`,
        `${authors}: nadia-brennan.bio: expected at most 300 characters, got 301`,
        `${authors}: Sam Ito: expected an author id of lowercase letters, digits and single hyphens`,
      ].sort(),
    )
  })
})

describe('code in an article', () => {
  it('is highlighted at build time with classes, never inline styles, and a plain block stays plain', async () => {
    const dir = contentCopy()
    writeFile(dir, 'blog/x.md', articleMarkdown())
    const html = (await readContent(dir)).postsBySlug.get('x')!.html
    expect(html).toContain('<a href="/topics/linkedin-proof-signals">the proof signals</a>')
    expect(html).toContain('<code class="hljs language-ts"><span class="hljs-keyword">const</span>')
    expect(html).toContain('<span class="hljs-title function_">score</span>')
    expect(html).toContain('<pre tabindex="0"><code>plain text\n</code></pre>')
    expect(html).not.toMatch(/\sstyle=/)
  })

  it('shows code as written: its braces are no tokens, and {product} is not replaced inside it', async () => {
    const dir = contentCopy()
    writeFile(dir, 'blog/x.md', articleMarkdown({}, 'Call `render({product})` on {product}.\n\n```js\nconst {name} = user\n```\n'))
    const html = (await readContent(dir)).postsBySlug.get('x')!.html
    expect(html).toContain('Call <code>render({product})</code> on AuthorityLens.')
    expect(html).toMatch(/\{name\} = user/)
  })

  it('puts every code block in the tab order, so a block that scrolls can be scrolled from the keyboard', async () => {
    const dir = contentCopy()
    writeFile(dir, 'blog/x.md', articleMarkdown({}, '```bash\nnpm run build\n```\n\n    indented code\n'))
    const html = (await readContent(dir)).postsBySlug.get('x')!.html
    expect(html.match(/<pre tabindex="0">/g)).toHaveLength(2)
  })
})

describe("the writers' guide", () => {
  it('states the length limits the schemas hold titles, descriptions and authors to', () => {
    const guide = readFileSync('content/README.md', 'utf8')
    expect(guide).toContain(`| \`title\` | at most ${META_TITLE_MAX} characters |`)
    expect(guide).toContain(`| \`metaDescription\` | at most ${META_DESCRIPTION_MAX} characters |`)
    expect(guide).toContain(`| \`authors.json\` | \`name\`, \`role\` | at most ${AUTHOR_BYLINE_MAX} characters each |`)
    expect(guide).toContain(`| \`authors.json\` | \`bio\` | optional; at most ${AUTHOR_BIO_MAX} characters |`)
  })
})
