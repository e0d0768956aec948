import type rehypeHighlight from 'rehype-highlight'

// Fenced code blocks, as the markdown pipeline writes them, and replacing text outside code.

/** The HTML tree's nodes (hast), as far as code blocks go. */
interface HtmlNode {
  type: string
  tagName?: string
  properties?: Record<string, unknown>
  children?: HtmlNode[]
}

type Highlighter = ReturnType<typeof rehypeHighlight>

/** rehype-highlight, loaded the first time a page has code: importing it loads every grammar highlight.js has. */
let highlighter: Promise<Highlighter> | undefined

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
 * Code blocks, highlighted at build time with classes renderer/styles/code.css colours: no script, no inline style
 * for the CSP to allow. Every `<pre>` joins the tab order: a block that scrolls must be reachable by
 * keyboard (axe's scrollable-region-focusable), and whether one does depends on the screen.
 */
export function codeBlocks() {
  return async (tree: Parameters<Highlighter>[0], file: Parameters<Highlighter>[1]) => {
    const blocks = preElements(tree as HtmlNode)
    for (const pre of blocks) pre.properties = { ...pre.properties, tabIndex: 0 }
    if (blocks.some(namesLanguage)) (await (highlighter ??= import('rehype-highlight').then(({ default: highlight }) => highlight())))(tree, file)
  }
}

/** The markdown tree's nodes (mdast), as far as code goes. */
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

/** The markdown with `replace` applied to everything but its code, which is shown exactly as typed (`{product}` stays). */
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
