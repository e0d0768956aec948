import MarkdownIt, { type StateInline, type Token } from 'markdown-it'
import { resolveSiteLinks, type ContentLink, type MarkdownNode } from './content-links.server'

// Plain prose by markdown-it: byte for byte what the unified pipeline gives, for a small part of its cost; anything else is left to it.

const markdownIt = new MarkdownIt('commonmark', { html: true, xhtmlOut: false })

/** Characters the two write differently (escapes, raw HTML, references, CR, a tab at a line's end, NUL). */
const WRITTEN_OTHERWISE = /[<>"&\r\t\0]/
/** A link destination both write as it is: no %-encoding, no scheme, no `//host`. */
const PLAIN_URL = /^(?!\/\/)[\w\-./#]*$/

const BLOCKS = new Set(
  ['paragraph', 'heading', 'bullet_list', 'ordered_list', 'list_item', 'blockquote'].flatMap((name) => [`${name}_open`, `${name}_close`]).concat('hr'),
)
const INLINE = new Set(['text', 'softbreak', 'hardbreak', 'code_inline', 'strong_open', 'strong_close', 'em_open', 'em_close', 'link_open', 'link_close'])

/** In its block's inline text, kept on its `link_open` token. */
type LinkSpan = { start: number; end: number }

// markdown-it gives inline tokens no position: its link rule is wrapped to note where each link is.
const linkRule = markdownIt.inline.ruler.__rules__.find(({ name }) => name === 'link')!.fn
markdownIt.inline.ruler.at('link', (state: StateInline, silent: boolean) => {
  const [start, from] = [state.pos, state.tokens.length]
  if (!linkRule(state, silent)) return false
  const open = silent ? undefined : state.tokens.slice(from).find((token) => token.type === 'link_open')
  if (open) open.meta = { start, end: state.pos } satisfies LinkSpan
  return true
})

/** `text` must hold none of GitHub's syntax (MAY_USE_GFM); undefined when it uses anything this path does not render as the pipeline does. */
export function renderPlainMarkdown(
  text: string,
  source: Parameters<typeof resolveSiteLinks>[1] & { pagePath?: string },
): { html: string; links: ContentLink[]; markdown?: string } | undefined {
  if (WRITTEN_OTHERWISE.test(text)) return undefined
  const env: { references?: Record<string, unknown> } = {}
  const tokens = markdownIt.parse(text, env)
  if (env.references !== undefined && Object.keys(env.references).length > 0) return undefined
  const links: Array<{ node: MarkdownNode; token: Token; inline: Token }> = []
  for (const [index, block] of tokens.entries()) {
    if (block.type !== 'inline') {
      if (!BLOCKS.has(block.type)) return undefined
      // An empty list item: micromark reads `-  1.` as the text `1.`, markdown-it as an empty ordered list.
      if (block.type === 'list_item_open' && tokens[index + 1]?.type === 'list_item_close') return undefined
      continue
    }
    for (const token of block.children ?? []) {
      if (!INLINE.has(token.type)) return undefined
      // Code of spaces alone keeps them all (CommonMark); markdown-it trims one from each end.
      if (token.type === 'code_inline' && /^ *$/.test(token.content)) return undefined
      // The two pair unbalanced emphasis (`***a**`) differently, and after an unclosed `[` markdown-it can miss a code span.
      if (token.type === 'text' && /[*_`]/.test(token.content)) return undefined
      if (token.type !== 'link_open') continue
      const href = token.attrGet('href') ?? ''
      if (token.markup === 'autolink' || token.attrGet('title') !== null || !PLAIN_URL.test(href) || !token.meta || !block.map) return undefined
      const line = block.map[0] + 1 + countLines(block.content.slice(0, (token.meta as LinkSpan).start))
      links.push({ node: { type: 'link', url: href, position: { start: { line } } }, token, inline: block })
    }
  }
  const found = resolveSiteLinks({ type: 'root', children: links.map(({ node }) => node) }, source)
  for (const { node, token, inline } of links) {
    const url = node.url ?? ''
    // The twin writes a link to the site as `](url)`: this path only takes text whose links are written so already.
    const twinUrl = url.startsWith('#') ? `${source.pagePath}${url}` : url
    const { start, end } = token.meta as LinkSpan
    if (source.pagePath !== undefined && /^[#/]/.test(url) && !inline.content.slice(start, end).endsWith(`](${twinUrl})`)) return undefined
    if (!PLAIN_URL.test(url)) return undefined
    token.attrSet('href', url)
  }
  const html = markdownIt.renderer.render(tokens, markdownIt.options, env).replace(/\n$/, '')
  return source.pagePath === undefined ? { html, links: found } : { html, links: found, markdown: text.trim() }
}

const countLines = (text: string) => text.split('\n').length - 1
