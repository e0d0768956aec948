import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContent, readTopicFile } from '../../lib/node/content.server'
import { ImageCache } from '../../lib/node/image-cache.server'
import { articleTwin, topicTwin } from '../../lib/node/markdown-twin.server'
import { loadSite } from '../../lib/node/site.server'
import { loadUiText } from '../../lib/node/ui-text.server'
import { articleMarkdown, contentCopy, pngFile, tempDir, topicMarkdown, writeFile } from './content-fixture'

// The markdown twin of an article or a topic (`/blog/x.md`, `/topics/x.md`): the page's words as clean
// markdown, read from the writer's file with its links, images, tokens and raw HTML made as the page shows them.

/** The real content without its one article with an image (nothing links to it), so no test encodes it. */
function contentWithoutImages(): string {
  const dir = contentCopy()
  rmSync(join(dir, 'blog', 'ai-audit-fixes-linkedin-trust-gaps-24-hours.md'))
  return dir
}

const ARTICLE = `Read [the proof signals](../topics/linkedin-proof-signals.md#topic-faq-heading) and [the FAQ](#faq), then [the other article](./why-most-linkedin-profiles-fail.md "Why they fail").
{product} on [LinkedIn](https://www.linkedin.com/) and <b>bold</b> raw HTML, and a [reference link][proof].

<div class="note">A raw HTML block the page never shows.</div>

![A chart of the five gaps](./chart.png)

A reference image: ![The same chart][chart]

\`\`\`ts
const name = '{product}' // code stays as written
\`\`\`

[proof]: ../topics/linkedin-proof-signals.md
[chart]: ./chart.png
`

describe('the markdown twin of an article', () => {
  it('is the title, description, byline and body, with site links, the served image, tokens replaced and no raw HTML', async () => {
    const dir = contentWithoutImages()
    await pngFile(dir, 'blog/chart.png', { width: 1000, height: 625 })
    writeFile(dir, 'blog/x.md', articleMarkdown({ title: 'title: A {product} test article', updated: 'updated: 2025-10-01' }, ARTICLE))
    const cache = new ImageCache(join(tempDir('twin-images-'), 'images'))
    const post = (await readContent(dir, undefined, undefined, cache)).postsBySlug.get('x')!
    const chart = cache.usedFiles().filter((name) => name.startsWith('chart-1000.') && name.endsWith('.jpg'))
    expect(chart).toHaveLength(1)
    expect(articleTwin(post)).toBe(`# A AuthorityLens test article

About the test article.

By Nadia Brennan, Founder and editor. Published 2025-09-12, updated 2025-10-01.

Read [the proof signals](/topics/linkedin-proof-signals#topic-faq-heading) and [the FAQ](/blog/x#faq), then [the other article](/blog/why-most-linkedin-profiles-fail "Why they fail").
AuthorityLens on [LinkedIn](https://www.linkedin.com/) and bold raw HTML, and a [reference link][proof].

![A chart of the five gaps](/assets/images/${chart[0]})

A reference image: ![The same chart](/assets/images/${chart[0]})

\`\`\`ts
const name = '{product}' // code stays as written
\`\`\`

[proof]: /topics/linkedin-proof-signals
[chart]: /assets/images/${chart[0]}
`)
  })

  it('escapes what markdown would read as syntax in a title or description', async () => {
    const dir = contentWithoutImages()
    writeFile(
      dir,
      'blog/x.md',
      articleMarkdown({ title: 'title: "1. The *best* [audit] <tips>"', description: 'description: "- Not a list, #1 of them"' }, 'Body.\n'),
    )
    const post = (await readContent(dir, undefined, undefined, new ImageCache(join(tempDir('twin-images-'), 'images')))).postsBySlug.get('x')!
    expect(articleTwin(post).split('\n\n').slice(0, 2)).toEqual(['# 1\\. The \\*best\\* \\[audit\\] \\<tips\\>', '\\- Not a list, \\#1 of them'])
  })
})

describe('the markdown twin of a topic', () => {
  it('is the heading, the short answer, the body and the questions with their answers, labelled as on the page', async () => {
    const dir = contentWithoutImages()
    const file = writeFile(
      dir,
      'topics/x.md',
      topicMarkdown({ h1: 'h1: What {product} checks' }, 'Supporting copy, see [the proof signals](./linkedin-proof-signals.md).\n'),
    )
    const { topic } = await readTopicFile({ slug: 'x', file }, loadSite(dir))
    expect(topicTwin(topic, loadUiText(dir).topic)).toBe(`# What AuthorityLens checks

## Short answer

A short answer.

Supporting copy, see [the proof signals](/topics/linkedin-proof-signals).

## Questions people ask

### First question?

First answer.

### Second question?

Second answer.
`)
  })
})
