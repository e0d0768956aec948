import type rehypeHighlight from 'rehype-highlight'

// Fenced code blocks, as the markdown pipeline writes them (after remark-rehype, before rehype-stringify).

/** The HTML tree's nodes, as far as code blocks go (hast: https://github.com/syntax-tree/hast). */
interface HtmlNode {
  type: string
  tagName?: string
  properties?: Record<string, unknown>
  children?: HtmlNode[]
}

type Highlighter = ReturnType<typeof rehypeHighlight>

let highlighter: Promise<Highlighter> | undefined

/**
 * rehype-highlight, loaded the first time a page has code to highlight: importing it loads every
 * grammar highlight.js has (about 45 ms), which a build of topic pages, none with code, never needs.
 */
function loadHighlighter(): Promise<Highlighter> {
  highlighter ??= import('rehype-highlight').then(({ default: highlight }) => highlight())
  return highlighter
}

/** Every `<pre>` of the tree. */
function preElements(node: HtmlNode): HtmlNode[] {
  if (node.type === 'element' && node.tagName === 'pre') return [node]
  return node.children?.flatMap(preElements) ?? []
}

/** Whether a block's code names its language: ```ts becomes `<code class="language-ts">`. */
function namesLanguage(pre: HtmlNode): boolean {
  return (pre.children ?? []).some((code) => {
    const classes = code.tagName === 'code' ? code.properties?.className : undefined
    return Array.isArray(classes) && classes.some((name) => String(name).startsWith('language-'))
  })
}

/**
 * Code blocks, highlighted at build time. rehype-highlight marks the tokens of a block that names its
 * language (```ts) with classes (`hljs-keyword`), coloured by renderer/styles.css: the page needs no
 * script to show them, and no inline `style`, which the Content-Security-Policy would have to allow.
 * A block without a language, or with one outside highlight.js's common set, stays plain text.
 *
 * Every `<pre>` also joins the tab order (`tabindex="0"`): a long line makes the block scroll inside
 * its own box, and a box that scrolls must be reachable by keyboard to be scrolled without a mouse
 * (axe's scrollable-region-focusable). Whether a block scrolls depends on the screen, so every block gets it.
 */
export function codeBlocks() {
  return async (tree: Parameters<Highlighter>[0], file: Parameters<Highlighter>[1]) => {
    const blocks = preElements(tree as HtmlNode)
    for (const pre of blocks) pre.properties = { ...pre.properties, tabIndex: 0 }
    if (blocks.some(namesLanguage)) (await loadHighlighter())(tree, file)
  }
}

/** The markdown tree's nodes, as far as code goes (mdast: https://github.com/syntax-tree/mdast). */
export interface MarkdownCodeNode {
  type: string
  position?: { start: { offset?: number }; end: { offset?: number } }
  children?: MarkdownCodeNode[]
}

/** Whether markdown could hold code at all (a backtick, a ~~~ fence, an indented line): most files have none, and need no parse to tell. */
const MAY_HOLD_CODE = /`|~~~|^(?: {4}|\t)/m

/** Where each piece of code (fenced, indented, inline) starts and ends in the markdown the tree was parsed from, in order. */
function codeSpans(tree: MarkdownCodeNode): Array<[number, number]> {
  const spans: Array<[number, number]> = []
  const visit = (node: MarkdownCodeNode) => {
    const { start, end } = node.position ?? { start: {}, end: {} }
    if ((node.type === 'code' || node.type === 'inlineCode') && start.offset !== undefined && end.offset !== undefined) spans.push([start.offset, end.offset])
    else node.children?.forEach(visit)
  }
  visit(tree)
  return spans
}

/**
 * The markdown with `replace` applied to everything but its code, which stays as written. Code is
 * shown exactly as typed: `{product}` in a code block is the text `{product}`, and a code sample's own
 * braces (`const {name} = user`) are never taken for a token.
 */
export function replaceOutsideCode(markdownText: string, parse: (text: string) => MarkdownCodeNode, replace: (text: string) => string): string {
  if (!MAY_HOLD_CODE.test(markdownText)) return replace(markdownText)
  let result = ''
  let from = 0
  for (const [start, end] of codeSpans(parse(markdownText))) {
    result += replace(markdownText.slice(from, start)) + markdownText.slice(start, end)
    from = end
  }
  return result + replace(markdownText.slice(from))
}
