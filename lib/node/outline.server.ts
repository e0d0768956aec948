// An article's outline, taken as it is rendered: an id on each heading, its `##` sections, its words (reading time, related articles).
import GithubSlugger from 'github-slugger'
import type { Heading } from '../universal/content/types'

export interface Outline {
  sections: Heading[]
  /** Code and tables included. */
  words: number
  /** Without markup, for comparing articles. */
  text: string
}

/** The article page's own ids: a heading never takes one (a section called "Main" is `#main-1`). */
const ARTICLE_PAGE_IDS = ['root', 'main', 'site-nav', 'contents-heading', 'related-heading', 'author-note-heading', 'article-cta-heading']

/** An adult reads about this many words of prose a minute. */
const WORDS_PER_MINUTE = 230

export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}

/** A table of contents is shown from this many `##` sections: below it, the reader sees them all at a glance. */
export const MIN_SECTIONS_FOR_CONTENTS = 3

/** hast's nodes, as far as the plugins go. */
export interface HtmlNode {
  type: string
  tagName?: string
  value?: string
  properties?: Record<string, unknown>
  children?: HtmlNode[]
  position?: { start: { line: number } }
}

const HEADING = /^h[2-6]$/
/** Elements that end a word: `<li>one</li><li>two</li>` is two words, `<strong>one</strong>s` is one. */
const BLOCKS = new Set(['p', 'li', 'ul', 'ol', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'blockquote', 'table', 'tr', 'td', 'th', 'br', 'hr', 'div', 'picture'])

function textOf(node: HtmlNode): string {
  if (node.type === 'text') return node.value ?? ''
  return (node.children ?? []).map(textOf).join('')
}

/** Heading ids from their text as GitHub makes them; without `data.outline` (topics, fixed pages) it does nothing. */
export function rehypeOutline() {
  return (tree: HtmlNode, file: { data: Record<string, unknown> }): void => {
    const outline = file.data.outline as Outline | undefined
    if (outline === undefined) return
    const slugger = new GithubSlugger()
    for (const id of ARTICLE_PAGE_IDS) slugger.slug(id)
    const texts: string[] = []
    const visit = (node: HtmlNode): void => {
      if (node.type === 'text') {
        texts.push(node.value ?? '')
        return
      }
      if (node.type === 'element' && HEADING.test(node.tagName ?? '')) {
        const text = textOf(node).replace(/\s+/g, ' ').trim()
        const id = slugger.slug(text)
        node.properties = { ...node.properties, id }
        if (node.tagName === 'h2') outline.sections.push({ id, text })
      }
      for (const child of node.children ?? []) visit(child)
      if (BLOCKS.has(node.tagName ?? '')) texts.push(' ')
    }
    visit(tree)
    outline.text = texts.join('').replace(/\s+/g, ' ').trim()
    outline.words = outline.text.match(/[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu)?.length ?? 0
  }
}
