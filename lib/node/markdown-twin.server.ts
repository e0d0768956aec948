import type { BlogPost, Topic } from '../universal/content/types'
import type { UiText } from '../universal/ui-text'
import { imageOnlyDefinitions, type MarkdownNode } from './content-links.server'

// The twin (`/blog/x.md`), for answer engines: links and images pointed at what the site serves, raw HTML (never shown) left out.

/** Characters that would start markdown syntax in a line of plain text (a title, a question). */
const MARKDOWN_SPECIALS = /[\\`*_[\]<>#|]/g

/** Plain text (a frontmatter field) written so that markdown shows it as it is, not as a list item or emphasis. */
export function plainText(text: string): string {
  return text
    .replace(MARKDOWN_SPECIALS, (char) => `\\${char}`)
    .replace(/^(\d+)([.)])(?=\s)|^([-+])(?=\s)/, (_, digits: string | undefined, mark: string | undefined, bullet: string | undefined) =>
      digits === undefined ? `\\${bullet}` : `${digits}\\${mark}`,
    )
}

/** A link destination: in angle brackets when it has a space or a parenthesis, which would end it. */
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url
}

const titlePart = (title: string | null | undefined) => (title ? ` "${title.replace(/["\\]/g, (char) => `\\${char}`)}"` : '')
const bracketed = (text: string) => text.replace(/[\\[\]]/g, (char) => `\\${char}`)

/** Where a link of the page leads, on the site: an #anchor of the page itself gets the page's path; another site gives undefined. */
function siteLink(url: string, pagePath: string): string | undefined {
  if (url.startsWith('#')) return `${pagePath}${url}`
  return url.startsWith('/') && !url.startsWith('//') ? url : undefined
}

const offsets = (node: MarkdownNode) => ({ start: node.position?.start.offset, end: node.position?.end?.offset })

/** `tree`: `text` parsed, links pointed at their pages. Every site link becomes site-absolute, every image `![its alt](/assets/images/…)`. */
export async function cleanMarkdown(
  text: string,
  tree: MarkdownNode,
  pagePath: string,
  imageUrl: (src: string) => Promise<string | undefined>,
): Promise<string> {
  const definitions = new Map<string, MarkdownNode>()
  const imagesOnly = imageOnlyDefinitions(tree)
  const nodes: MarkdownNode[] = []
  const collect = (node: MarkdownNode) => {
    nodes.push(node)
    if (node.type === 'definition') definitions.set(node.identifier ?? '', node)
    node.children?.forEach(collect)
  }
  collect(tree)

  // Each image source is looked up once, side by side.
  const sources = new Set<string>()
  for (const node of nodes) {
    if (node.type === 'image') sources.add(node.url ?? '')
    if (node.type === 'imageReference') sources.add(definitions.get(node.identifier ?? '')?.url ?? '')
    if (node.type === 'definition' && imagesOnly.has(node.identifier ?? '')) sources.add(node.url ?? '')
  }
  const served = new Map(await Promise.all([...sources].map(async (src) => [src, await imageUrl(src)] as const)))

  const edits: Array<{ start: number; end: number; text: string }> = []
  for (const node of nodes) {
    const { start, end } = offsets(node)
    if (start === undefined || end === undefined) continue
    if (node.type === 'html') {
      // A block of HTML goes with the blank lines after it, so the blocks around it stay one blank line apart.
      const blankLines = tree.children?.includes(node) ? (/^\n*/.exec(text.slice(end))?.[0].length ?? 0) : 0
      edits.push({ start, end: end + blankLines, text: '' })
    } else if (node.type === 'image' || node.type === 'imageReference') {
      const src = node.type === 'image' ? node.url : definitions.get(node.identifier ?? '')?.url
      const url = served.get(src ?? '')
      const title = node.type === 'image' ? node.title : definitions.get(node.identifier ?? '')?.title
      if (url !== undefined) edits.push({ start, end, text: `![${bracketed(node.alt ?? '')}](${destination(url)}${titlePart(title)})` })
    } else if (node.type === 'definition') {
      const url = imagesOnly.has(node.identifier ?? '') ? served.get(node.url ?? '') : siteLink(node.url ?? '', pagePath)
      if (url !== undefined) edits.push({ start, end, text: `[${node.label ?? node.identifier}]: ${destination(url)}${titlePart(node.title)}` })
    } else if (node.type === 'link') {
      const url = siteLink(node.url ?? '', pagePath)
      // An inline link, `[text](destination "title")`: its destination follows its text's `](`. An autolink has none.
      const textEnd = node.children?.length ? offsets(node.children.at(-1)!).end : start + 1
      if (url !== undefined && textEnd !== undefined && text.startsWith('](', textEnd) && text[end - 1] === ')') {
        edits.push({ start: textEnd, end, text: `](${destination(url)}${titlePart(node.title)})` })
      }
    }
  }

  // Applied from the end, so each edit's offsets still hold; an image inside a link is an edit of its own, inside the link's text.
  let clean = text
  for (const edit of edits.sort((a, b) => b.start - a.start)) clean = clean.slice(0, edit.start) + edit.text + clean.slice(edit.end)
  return clean.trim()
}

/** The twin of an article: its title, description, byline and dates, cover, then its body. */
export function articleTwin(post: Pick<BlogPost, 'title' | 'description' | 'date' | 'updated' | 'author' | 'coverImage' | 'coverAlt' | 'markdown'>): string {
  const dates = [`Published ${post.date}`, ...(post.updated && post.updated !== post.date ? [`updated ${post.updated}`] : [])].join(', ')
  const blocks = [
    `# ${plainText(post.title)}`,
    plainText(post.description),
    `By ${plainText(post.author.name)}, ${plainText(post.author.role)}. ${dates}.`,
    ...(post.coverImage ? [`![${bracketed(post.coverAlt ?? '')}](${destination(post.coverImage.url)})`] : []),
    post.markdown,
  ]
  return `${blocks.join('\n\n')}\n`
}

/** The twin of a topic page: its heading, the short answer, the body, then the questions and answers, with the labels of layout.json. */
export function topicTwin(topic: Pick<Topic, 'h1' | 'shortAnswer' | 'faqs' | 'markdown'>, labels: Pick<UiText['topic'], 'shortAnswer' | 'faqHeading'>): string {
  const blocks = [
    `# ${plainText(topic.h1)}`,
    `## ${plainText(labels.shortAnswer)}`,
    plainText(topic.shortAnswer),
    topic.markdown,
    `## ${plainText(labels.faqHeading)}`,
    ...topic.faqs.flatMap((faq) => [`### ${plainText(faq.q)}`, plainText(faq.a)]),
  ]
  return `${blocks.join('\n\n')}\n`
}
