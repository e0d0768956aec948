import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { renderPlainMarkdown } from '../../lib/node/fast-markdown.server'
import { bodyAfterFrontmatter } from '../../lib/node/frontmatter.server'
import { ImageCache } from '../../lib/node/image-cache.server'
import { MAY_USE_GFM, parseMarkdown, renderMarkdown, TOPIC_IMAGES_REFUSED } from '../../lib/node/render-markdown.server'
import { loadSite } from '../../lib/node/site.server'
import { tempDir } from './content-fixture'

// Markdown that cannot hold GitHub's syntax is rendered without remark-gfm (lib/node/render-markdown.server.ts):
// what a reader, a crawler or an agent gets from it must be what GitHub's dialect gives, byte for byte.

/** A file's markdown rendered both ways: its HTML, site links, markdown twin and image problems. */
async function bothWays(file: string, body: string, cache: ImageCache, refused?: string) {
  const render = async (dialect: 'auto' | 'gfm') => {
    const problems: string[] = []
    const images = { cache, contentRoot: dirname(dirname(file)), problems, leadAtTop: true, refused }
    const pagePath = `/${basename(dirname(file))}/${basename(file, '.md')}`
    return { ...(await renderMarkdown(body, { file, firstLine: 5, productName: 'AuthorityLens', images, pagePath }, dialect)), problems }
  }
  return { auto: await render('auto'), gfm: await render('gfm') }
}

/** The markdown body of each file of `dir`'s folders, with the real site's tokens in it replaced. */
function bodies(dir: string, folders: string[]): Array<{ file: string; body: string }> {
  const site = loadSite('content')
  const tokens: Record<string, string> = { product: site.productName, supportEmail: site.supportEmail, checkoutUrl: site.checkoutUrl }
  return folders.flatMap((folder) =>
    readdirSync(join(dir, folder))
      .filter((name) => name.endsWith('.md'))
      .map((name) => {
        const file = join(dir, folder, name)
        const body = bodyAfterFrontmatter(readFileSync(file, 'utf8')).replace(/\{(\w+)\}/g, (whole, token: string) => tokens[token] ?? whole)
        return { file, body }
      }),
  )
}

/** A seeded random generator (mulberry32): the same documents every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Pieces of markdown syntax that random documents are made of: CommonMark's (each character of the string one piece), and a few that GitHub's dialect reads otherwise. */
const COMMONMARK = [...'*_`#-+>[]()!\\<ax:="w', '\n', '\n\n', ' ', '    ', '\t', '1.', '1)'].concat(
  ['www', 'h', 'http', '.', '//', '<b>', '<div>\n', '[a]: /b', '[a]', '[l](/m "t")', '![i](j)', '<http://a.b>', 'é', '\r\n'],
  ['- ', '> ', '# ', '---', '```', 'ab cd'],
)
const GITHUB = ['@', '&amp;', '&#64;', '|', '~', '^', '[x]', '[ ]', '[^1]', '[^1]: n'].concat([
  'www.x.com',
  'a@b.co',
  'https://x.y',
  '| a | b |\n| - | - |\n',
  ':-',
  '-:',
])

/** Plain prose's syntax, which markdown-it renders (lib/node/fast-markdown.server.ts) unless it is malformed. */
const PROSE = [...'*_`#-+[]()\\=./!:', '1.', '2)', '\n', '\n\n', ' ', '  ', '    ', 'a', 'b c', '**', '__', '---'].concat(
  ['[x](/topics/a)', '[y](../topics/b.md)', '[z](#q)', '[w](./c.md#d)', '[a](/b c)', '*a*', '**b**', '_c_'],
  ['\n- ', '\n1. ', '\n## ', '\n\n> ', '`c`', '\\*', 'x\n==='],
)

const gfmParser = unified().use(remarkParse).use(remarkGfm)

describe('markdown without GitHub syntax, rendered with CommonMark alone or markdown-it', () => {
  it('gives every real content file the HTML, site links, markdown twin and problems GitHub’s dialect gives', async () => {
    const cache = new ImageCache(join(tempDir('render-images-'), 'images'))
    const files = bodies('content', ['blog', 'topics', 'pages'])
    expect(files.length).toBeGreaterThan(30)
    for (const { file, body } of files) {
      const { auto, gfm } = await bothWays(file, body, cache, file.includes('/topics/') ? TOPIC_IMAGES_REFUSED : undefined)
      expect(auto, file).toEqual(gfm)
    }
  }, 60_000)

  it('gives generated topics, none with GitHub syntax, what GitHub’s dialect gives', async () => {
    const dir = tempDir('render-topics-')
    execFileSync(process.execPath, ['scripts/bench/gen-topics.mjs', '300', join(dir, 'topics')])
    const cache = new ImageCache(join(dir, 'images'))
    const files = bodies(dir, ['topics'])
    expect(files).toHaveLength(300)
    // Otherwise the comparison below compares GitHub's dialect with itself.
    expect(files.filter(({ body }) => MAY_USE_GFM.test(body))).toEqual([])
    // And plain prose, which markdown-it renders (lib/node/fast-markdown.server.ts).
    expect(files.filter(({ file, body }) => !renderPlainMarkdown(body, { file, firstLine: 1, productName: 'x', pagePath: '/topics/x' }))).toEqual([])
    for (const { file, body } of files) {
      const { auto, gfm } = await bothWays(file, body, cache, TOPIC_IMAGES_REFUSED)
      expect(auto.html, file).toContain('<h2>')
      expect(auto, file).toEqual(gfm)
    }
  }, 60_000)

  it('parses random text with no GitHub syntax to the same tree, positions included, as GitHub’s dialect', async () => {
    const next = random(20261127)
    const cache = new ImageCache(join(tempDir('render-random-'), 'images'))
    const pick = (pieces: string[]) => pieces[Math.floor(next() * pieces.length)]!
    let compared = 0
    for (let document = 0; document < 2000; document++) {
      // Now and then a piece of GitHub's syntax, which the text must then be rendered with: those are left out.
      const piece = () => pick(next() < 0.03 ? GITHUB : document % 2 ? PROSE : COMMONMARK)
      const text = Array.from({ length: 1 + Math.floor(next() * 30) }, piece).join('')
      if (MAY_USE_GFM.test(text)) continue
      compared++
      expect(parseMarkdown(text), JSON.stringify(text)).toEqual(gfmParser.parse(text))
      const { auto, gfm } = await bothWays('content/blog/random.md', text, cache)
      expect(auto, JSON.stringify(text)).toEqual(gfm)
    }
    expect(compared).toBeGreaterThan(300)
  }, 60_000)

  it('renders the prose markdown-it and micromark part on as GitHub’s dialect does', async () => {
    const cache = new ImageCache(join(tempDir('render-parted-'), 'images'))
    const parted = ['0 b c= .***__* b*0+', '**b**[)2)**b*\\[*---#', '[x `a` `b', '_c_\n-  1.', '``    ``', '[a].\t\n[a]', 'a\r\nb', 'a > b "c"']
    for (const text of parted) {
      const { auto, gfm } = await bothWays('content/topics/parted.md', text, cache, TOPIC_IMAGES_REFUSED)
      expect(auto, JSON.stringify(text)).toEqual(gfm)
    }
  })

  it('still renders GitHub’s syntax, and drops raw HTML either way', async () => {
    const cache = new ImageCache(join(tempDir('render-gfm-'), 'images'))
    const html = async (text: string) => (await bothWays('content/blog/gfm.md', text, cache)).auto.html
    expect(await html('| a | b |\n| - | - |\n| 1 | 2 |')).toContain('<td data-label="a">1</td>')
    expect(await html('a ~~gone~~ b')).toContain('<del>gone</del>')
    expect(await html('see www.example.com')).toContain('<a href="http://www.example.com">www.example.com</a>')
    expect(await html('write to help&#64;example.com')).toContain('<a href="mailto:help@example.com">')
    expect(await html('- [x] done')).toContain('<input type="checkbox" checked disabled>')
    expect(await html('a[^1]\n\n[^1]: note')).toContain('<section data-footnotes class="footnotes">')
    for (const text of ['plain <script>alert(1)</script> text', 'a | b <script>alert(1)</script>', '<img src=x onerror=alert(1)>\n\n~x~']) {
      const { auto, gfm } = await bothWays('content/blog/raw.md', text, cache)
      expect(auto.html).not.toMatch(/<script|<img|onerror/)
      expect(auto).toEqual(gfm)
    }
  })
})
