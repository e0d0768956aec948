import rehypeHighlight from 'rehype-highlight'
import type { Preset } from 'unified'

// Fenced code blocks, as the markdown pipeline writes them (after remark-rehype, before rehype-stringify).

/** The HTML tree's nodes, as far as code blocks go (hast: https://github.com/syntax-tree/hast). */
interface HtmlNode {
  type: string
  tagName?: string
  properties?: Record<string, unknown>
  children?: HtmlNode[]
}

/**
 * Puts every `<pre>` in the tab order (`tabindex="0"`). A long line makes the block scroll inside its
 * own box, and a box that scrolls must be reachable by keyboard so it can be scrolled without a mouse
 * (axe's scrollable-region-focusable). Whether a block will scroll depends on the screen, so every block gets it.
 */
function focusableCodeBlocks() {
  const visit = (node: HtmlNode) => {
    if (node.type === 'element' && node.tagName === 'pre') node.properties = { ...node.properties, tabIndex: 0 }
    node.children?.forEach(visit)
  }
  return (tree: HtmlNode) => visit(tree)
}

/**
 * Code blocks highlighted at build time. rehype-highlight marks the tokens of a block that names its
 * language (```ts) with classes (`hljs-keyword`), coloured by renderer/styles.css: the page needs no
 * script to show them, and no inline `style`, which the Content-Security-Policy would have to allow.
 * A block without a language, or with one highlight.js's common set does not know, stays plain text.
 */
export const codeBlocks: Preset = { plugins: [rehypeHighlight, focusableCodeBlocks] }

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
