import { basename, dirname } from 'node:path'
import { parse as parseHtml } from 'node-html-parser'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { codeBlocks } from './code-blocks.server'
import { resolveSiteLinks, type ContentLink, type MarkdownNode } from './content-links.server'
import type { Parsed } from './content-files.server'
import { renderPlainMarkdown } from './fast-markdown.server'
import { cleanMarkdown } from './markdown-twin.server'
import { rehypeOutline, type Outline } from './outline.server'
import { largestImageUrl, rehypeImages, type ImageRead, type MarkdownImages } from './rehype-images.server'

// A content file's markdown as HTML, links to content files pointed at their pages, images encoded, headings given ids, and its twin.

/** Markdown to HTML; raw HTML is dropped (remark-rehype's default), so a writer's file can never add a script. */
const markdown = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(codeBlocks).use(rehypeImages).use(rehypeOutline).use(rehypeStringify)
/** remark-gfm's parsers are tried at almost every character, so text that cannot use its syntax skips them. */
const commonMark = unified().use(remarkParse).use(remarkRehype).use(codeBlocks).use(rehypeImages).use(rehypeOutline).use(rehypeStringify)

/** Errs on the side of GitHub's dialect (character references too: remark-gfm's link finder sees them decoded); tests check the rest parses the same. */
export const MAY_USE_GFM = /[|~@^&]|:\s*-|-\s*:|\[(?:\s|[xX]\])|www\.|https?:\/\//i

const pipelineFor = (text: string) => (MAY_USE_GFM.test(text) ? markdown : commonMark)

export const parseMarkdown = (text: string) => pipelineFor(text).parse(text) as MarkdownNode

/** Gives each table cell its column's heading (`data-label`), so narrow screens can show rows as cards. */
function labelTableCells(html: string): string {
  if (!html.includes('<table')) return html
  const root = parseHtml(html)
  for (const table of root.querySelectorAll('table')) {
    const labels = table.querySelectorAll('thead th').map((heading) => heading.text.trim())
    for (const row of table.querySelectorAll('tbody tr')) {
      row.querySelectorAll('td').forEach((cell, index) => cell.setAttribute('data-label', labels[index] ?? ''))
    }
  }
  return root.toString()
}

interface MarkdownSource {
  file: string
  firstLine: number
  productName: string
  images: ImageSettings
  /** For an article or a topic, for the markdown twin of its body. */
  pagePath?: string
  /** An article's: filled with its headings and words as it is rendered. */
  outline?: Outline
}

export type ImageSettings = Omit<MarkdownImages, 'file' | 'firstLine'>

/** Topic pages are rendered by the build's workers and cached by their own file alone, which would not see an image change. */
export const TOPIC_IMAGES_REFUSED = 'topic pages show no images; put images in articles (blog/) or fixed pages (pages/)'

export const topicImages = (read: ImageRead): ImageSettings => ({ ...read, leadAtTop: true, refused: TOPIC_IMAGES_REFUSED })

/** Image problems go to `source.images.problems`. */
export async function renderMarkdown(
  markdownText: string,
  source: MarkdownSource,
  dialect: 'auto' | 'gfm' = 'auto',
): Promise<{ html: string; links: ContentLink[]; markdown?: string }> {
  // `gfm`: GitHub's dialect whatever the text, what the tests compare the others with. An article needs its outline: never the fast path.
  if (dialect === 'auto' && source.outline === undefined && !MAY_USE_GFM.test(markdownText)) {
    const plain = renderPlainMarkdown(markdownText, source)
    if (plain) return plain
  }
  const pipeline = dialect === 'gfm' ? markdown : pipelineFor(markdownText)
  const tree = pipeline.parse(markdownText)
  const links = resolveSiteLinks(tree as MarkdownNode, source)
  const images: MarkdownImages = { ...source.images, file: source.file, firstLine: source.firstLine }
  const html = labelTableCells(pipeline.stringify(await pipeline.run(tree, { data: { images, outline: source.outline } })))
  if (source.pagePath === undefined) return { html, links }
  // Where images are refused, none is looked up: its problem is reported already.
  const imageUrl = async (src: string) => (images.refused === undefined ? largestImageUrl(src, images) : undefined)
  return { html, links, markdown: await cleanMarkdown(markdownText, tree as MarkdownNode, source.pagePath, imageUrl) }
}

export async function rendered<T>(
  { data, slug, file, body, bodyLine }: Parsed<T> & { slug: string },
  productName: string,
  images: ImageSettings,
  outline?: Outline,
): Promise<{ entry: T & { slug: string; file: string; html: string; markdown: string }; links: ContentLink[] }> {
  const pagePath = `/${basename(dirname(file))}/${slug}`
  const { html, links, markdown } = await renderMarkdown(body, { file, firstLine: bodyLine, productName, images, pagePath, outline })
  return { entry: { ...data, slug, file, html, markdown: markdown ?? '' }, links }
}
