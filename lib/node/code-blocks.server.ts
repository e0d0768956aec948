import type rehypeHighlight from 'rehype-highlight'
import type { MarkdownNode } from './content-links.server'
import type { HtmlNode } from './outline.server'

type Highlighter = ReturnType<typeof rehypeHighlight>

/** rehype-highlight, loaded the first time a page has code: importing it loads every grammar highlight.js has. */
let highlighter: Promise<Highlighter> | undefined

function preElements(node: HtmlNode): HtmlNode[] {
  if (node.type === 'element' && node.tagName === 'pre') return [node]
  return node.children?.flatMap(preElements) ?? []
}

/** ```ts becomes `<code class="language-ts">`. */
function namesLanguage(pre: HtmlNode): boolean {
  return (pre.children ?? []).some((code) => {
    const classes = code.tagName === 'code' ? code.properties?.className : undefined
    return Array.isArray(classes) && classes.some((name) => String(name).startsWith('language-'))
  })
}

/** Highlighted at build time, with no inline style for the CSP; every `<pre>` is focusable, as whether it scrolls depends on the screen. */
export function codeBlocks() {
  return async (tree: Parameters<Highlighter>[0], file: Parameters<Highlighter>[1]) => {
    const blocks = preElements(tree as HtmlNode)
    for (const pre of blocks) pre.properties = { ...pre.properties, tabIndex: 0 }
    if (blocks.some(namesLanguage)) (await (highlighter ??= import('rehype-highlight').then(({ default: highlight }) => highlight())))(tree, file)
  }
}

/** Most files hold no code, and need no parse to tell. */
const MAY_HOLD_CODE = /`|~~~|^(?: {4}|\t)/m

function codeSpans(tree: MarkdownNode): Array<[number, number]> {
  const spans: Array<[number, number]> = []
  const visit = (node: MarkdownNode) => {
    const [start, end] = [node.position?.start.offset, node.position?.end?.offset]
    if ((node.type === 'code' || node.type === 'inlineCode') && start !== undefined && end !== undefined) spans.push([start, end])
    else node.children?.forEach(visit)
  }
  visit(tree)
  return spans
}

/** Code is shown exactly as typed (`{product}` stays). */
export function replaceOutsideCode(markdownText: string, parse: (text: string) => MarkdownNode, replace: (text: string) => string): string {
  if (!MAY_HOLD_CODE.test(markdownText)) return replace(markdownText)
  let result = ''
  let from = 0
  for (const [start, end] of codeSpans(parse(markdownText))) {
    result += replace(markdownText.slice(from, start)) + markdownText.slice(start, end)
    from = end
  }
  return result + replace(markdownText.slice(from))
}
