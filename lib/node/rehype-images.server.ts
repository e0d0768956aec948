// Markdown images as responsive <picture>s, sized so nothing moves as they load; every <img> of remark-rehype's tree is one (raw HTML is dropped).
import { dirname, resolve } from 'node:path'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import type { CoverImage } from '../universal/content/types'
import type { SocialImage } from '../universal/seo/social'
import { ELSEWHERE } from './content-links.server'
import type { ImageCache, ImageKind } from './image-cache.server'
import { IMAGE_SIZES, IMAGES_URL, ImageProblem, type EncodedImage, type ImageFile } from './images.server'
import type { HtmlNode } from './outline.server'
import { isOutside } from './paths.server'

export interface ImageRead {
  cache: ImageCache
  /** An image must be one of its files. */
  contentRoot: string
  /** One line per problem: `content/blog/x.md:12: image ./y.png: file not found`. */
  problems: string[]
}

/** The plugin reads it from the file's `data.images`. */
export interface MarkdownImages extends ImageRead {
  /** Image paths are relative to its folder. */
  file: string
  firstLine: number
  /** False when a cover is shown above the markdown. */
  leadAtTop: boolean
  /** Where no image may be shown: why, in the words of the problem. */
  refused?: string
}

/** The picture at the top of a page (a cover, or one the body opens with) is likely the largest thing on the first screen. */
type Priority = 'top' | 'below'
const LOADING: Record<Priority, Record<string, string>> = { top: { fetchPriority: 'high' }, below: { loading: 'lazy', decoding: 'async' } }

export function rehypeImages() {
  return async (tree: HtmlNode, file: { data: Record<string, unknown> }): Promise<void> => {
    const settings = file.data.images as MarkdownImages | undefined
    if (settings === undefined) throw new Error('rehypeImages: render the markdown with data.images (lib/node/render-markdown.server.ts)')
    const lead = leadImage(tree)
    const found = imagesIn(tree)
    // Encoded side by side; their problems are added in the order of the file.
    const outcomes = await Promise.all(found.map(({ image }) => pictureOf(image, image === lead && settings.leadAtTop ? 'top' : 'below', settings)))
    found.forEach(({ parent, index }, at) => {
      const outcome = outcomes[at]!
      if ('problems' in outcome) settings.problems.push(...outcome.problems)
      else parent.children![index] = outcome.picture
    })
  }
}

/** The ImageProblem is returned rather than thrown. */
async function encoded(src: string, settings: ImageRead & { file: string }, kind?: ImageKind): Promise<EncodedImage | ImageProblem> {
  try {
    return await settings.cache.image(sourcePath(src, settings.file, settings.contentRoot), kind)
  } catch (error) {
    if (error instanceof ImageProblem) return error
    throw error
  }
}

/** Undefined, with the problem added, when it cannot be shown. */
export async function coverImage(src: string, alt: string, settings: ImageRead & { file: string }): Promise<CoverImage | undefined> {
  const image = await encoded(src, settings)
  if (image instanceof ImageProblem) return void settings.problems.push(`${settings.file}: cover: image ${src}: ${image.message}`)
  const html = toHtml.stringify({ type: 'root', children: [picture(image, alt, undefined, 'top')] } as never)
  return { html, url: urlOf(image.formats.at(-1)!.files.at(-1)!), ...size(image) }
}

/** An article's own social image (`image:`), instead of its drawn card; undefined, with the problem added, when it cannot be. */
export async function ownSocialImage(src: string, alt: string, settings: ImageRead & { file: string }): Promise<SocialImage | undefined> {
  const image = await encoded(src, settings, 'social')
  if (image instanceof ImageProblem) return void settings.problems.push(`${settings.file}: image: ${src}: ${image.message}`)
  return { url: urlOf(image.formats[0]!.files[0]!), ...size(image), alt }
}

const toHtml = unified().use(rehypeStringify)

/** The site path of an image's largest fallback file, for a markdown twin; undefined when it has a problem (reported elsewhere). */
export async function largestImageUrl(src: string, settings: ImageRead & { file: string }): Promise<string | undefined> {
  const image = await encoded(src, settings)
  return image instanceof ImageProblem ? undefined : urlOf(image.formats.at(-1)!.files.at(-1)!)
}

function imagesIn(tree: HtmlNode): Array<{ image: HtmlNode; parent: HtmlNode; index: number }> {
  const found: Array<{ image: HtmlNode; parent: HtmlNode; index: number }> = []
  const visit = (node: HtmlNode) =>
    node.children?.forEach((child, index) => {
      if (child.type === 'element' && child.tagName === 'img') found.push({ image: child, parent: node, index })
      else visit(child)
    })
  visit(tree)
  return found
}

/** The image the markdown opens with, alone in its first paragraph; undefined when it opens with anything else. */
function leadImage(tree: HtmlNode): HtmlNode | undefined {
  const first = tree.children?.find((node) => node.type === 'element')
  if (first?.tagName !== 'p') return undefined
  const inside = first.children?.filter((node) => !(node.type === 'text' && !node.value?.trim())) ?? []
  return inside.length === 1 && inside[0]!.tagName === 'img' ? inside[0] : undefined
}

async function pictureOf(image: HtmlNode, priority: Priority, settings: MarkdownImages): Promise<{ picture: HtmlNode } | { problems: string[] }> {
  const src = String(image.properties?.src ?? '')
  const line = settings.firstLine + (image.position?.start.line ?? 1) - 1
  const problem = (message: string) => `${settings.file}:${line}: image ${src}: ${message}`
  if (settings.refused !== undefined) return { problems: [problem(settings.refused)] }
  const problems: string[] = []
  const alt = String(image.properties?.alt ?? '').trim()
  if (!alt) problems.push(problem(`no alt text; say what the image shows between the brackets: ![what it shows](${src})`))
  const found = await encoded(src, settings)
  if (found instanceof ImageProblem) problems.push(problem(found.message))
  else if (problems.length === 0) return { picture: picture(found, alt, image.properties?.title, priority) }
  return { problems }
}

function sourcePath(src: string, file: string, contentRoot: string): string {
  if (src === '') throw new ImageProblem('no file named; write ![what it shows](./file.png)')
  if (src.startsWith('/') || ELSEWHERE.test(src)) {
    throw new ImageProblem('expected a file of the content folder, written from this file (./chart.png, ../images/chart.png)')
  }
  const path = resolve(dirname(file), decodePath(src.replace(/[?#].*$/, '')))
  if (isOutside(contentRoot, path)) {
    throw new ImageProblem(`outside ${contentRoot}/; put the image next to this file or in ${contentRoot}/images/`)
  }
  return path
}

/** remark-rehype writes a URL's spaces and other characters %-encoded: the file's name has them as they are. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

function picture(image: EncodedImage, alt: string, title: unknown, priority: Priority): HtmlNode {
  const fallback = image.formats.at(-1)!
  const sources = image.formats.slice(0, -1).map(({ type, files }) => element('source', { type, srcSet: srcSet(files), sizes: IMAGE_SIZES }))
  const img = element('img', {
    src: urlOf(fallback.files.at(-1)!),
    srcSet: srcSet(fallback.files),
    sizes: IMAGE_SIZES,
    ...size(image),
    alt,
    title,
    ...LOADING[priority],
  })
  return element('picture', {}, [...sources, img])
}

const element = (tagName: string, properties: HtmlNode['properties'], children: HtmlNode[] = []): HtmlNode => ({
  type: 'element',
  tagName,
  properties,
  children,
})
const urlOf = (file: ImageFile) => `${IMAGES_URL}${file.name}`
const srcSet = (files: ImageFile[]) => files.map((file) => `${urlOf(file)} ${file.width}w`).join(', ')
const size = ({ width, height }: EncodedImage) => ({ width, height })
