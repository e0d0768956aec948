// Links between content files (made page links, or reported with file, line and target when they lead
// nowhere), and every problem of every file at once: a YAML mistake at its file, line and column among them
// (what each YAML mistake is called, and where: frontmatter.test.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/node/content.server'
import { articleMarkdown, contentCopy, topicMarkdown, writeFile, problemsIn } from './content-fixture'

describe('links between content files', () => {
  const postLinking = (...lines: string[]) => articleMarkdown({}, `${lines.join('\n')}\n`)

  it('points a link to a content file at its page, keeping its #anchor, and leaves #anchors and other sites alone', async () => {
    const dir = contentCopy()
    writeFile(
      dir,
      'blog/x.md',
      postLinking(
        'See [the audit](../topics/ai-linkedin-audit.md#faq), [the other post](./why-most-linkedin-profiles-fail.md),',
        '[the comparison](../topics/{product}-vs-ssi.md), [topics](/topics/), [the icon](/favicon.svg) and [a page][ref].',
        '[Up](#top), [mail](mailto:{supportEmail}), [elsewhere](https://example.com/x.md) and [phone](tel:+100).',
        '',
        '[ref]: /testimonials',
      ),
    )
    const { postsBySlug, site } = await readContent(dir)
    const hrefs = [...postsBySlug.get('x')!.html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href)
    expect(hrefs).toEqual([
      '/topics/ai-linkedin-audit#faq',
      '/blog/why-most-linkedin-profiles-fail',
      '/topics/authoritylens-vs-ssi',
      '/topics/',
      '/favicon.svg',
      '/testimonials',
      '#top',
      `mailto:${site.supportEmail}`,
      'https://example.com/x.md',
      'tel:+100',
    ])
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
