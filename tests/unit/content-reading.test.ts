// Reading content: an entry of every article and topic, articles newest first, each article's author
// from authors.json, code highlighted at build time, and the writers' guide stating the schemas' limits.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/node/content.server'
import { AUTHOR_BIO_MAX, AUTHOR_BYLINE_MAX, META_DESCRIPTION_MAX, META_TITLE_MAX } from '../../lib/universal/content/schemas'
import { ARTICLE_BODY, articleMarkdown, contentCopy, fixtureContent, writeFile, problemsIn } from './content-fixture'

describe('reading content', () => {
  it('makes an entry of every article and topic file, its slug the file name with {product} spelled out, articles newest first', async () => {
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
    // Articles newest first.
    const dates = content.posts.map((post) => post.date)
    expect(new Set(dates).size).toBeGreaterThan(1)
    expect(dates).toEqual([...dates].sort().reverse())
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
  it('is highlighted at build time with classes, never inline styles; shown as written, {product} and braces kept; every block in the tab order', async () => {
    const dir = contentCopy()
    const body = `${ARTICLE_BODY}\nCall \`render({product})\` on {product}.\n\n\`\`\`js\nconst {name} = user\n\`\`\`\n\n    indented code\n`
    writeFile(dir, 'blog/x.md', articleMarkdown({}, body))
    const html = (await readContent(dir)).postsBySlug.get('x')!.html
    expect(html).toContain('<a href="/topics/linkedin-proof-signals">the proof signals</a>')
    expect(html).toContain('<code class="hljs language-ts"><span class="hljs-keyword">const</span>')
    expect(html).toContain('<span class="hljs-title function_">score</span>')
    expect(html).toContain('<pre tabindex="0"><code>plain text\n</code></pre>')
    expect(html).not.toMatch(/\sstyle=/)
    expect(html).toContain('Call <code>render({product})</code> on AuthorityLens.')
    expect(html).toMatch(/\{name\} = user/)
    // The TypeScript, plain, JavaScript and indented blocks: one that scrolls can be scrolled from the keyboard.
    expect(html.match(/<pre[\s>][^>]*>/g)).toEqual(Array(4).fill('<pre tabindex="0">'))
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
