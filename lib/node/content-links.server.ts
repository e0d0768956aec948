import { existsSync, readdirSync } from 'node:fs'
import { basename, dirname, join, relative, sep } from 'node:path'
import { canonicalPath, SHELL_ROUTES } from '../universal/routes'
import { productSlug } from '../universal/site'

// A link to a content file becomes that page's URL, and every link is recorded, so that one that leads nowhere fails the build.

export function slugFromFile(file: string, productName: string): string {
  return basename(file, '.md').replaceAll('{product}', productSlug(productName))
}

export interface ContentLink {
  line: number
  href: string
  /** Without its #anchor or ?query; null when it cannot lead anywhere. */
  path: string | null
  /** A linked markdown file as written (`../topics/{product}-vs-ssi.md`): relative, so a cached page names the files the build reads now. */
  file?: string
}

export type FileLinks = { file: string; links: ContentLink[] }

const PAGE_FOLDERS = new Set(['blog', 'topics'])
/** Another site, e-mail, phone: a scheme, or `//host`. */
export const ELSEWHERE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i

/** mdast's nodes, as far as links, code and the twin go. */
export interface MarkdownNode {
  type: string
  url?: string
  title?: string | null
  alt?: string | null
  label?: string | null
  /** A reference's or definition's label, normalized: `![chart][Chart]` and `[chart]: ./chart.png` share `chart`. */
  identifier?: string
  position?: { start: { line: number; offset?: number }; end?: { offset?: number } }
  children?: MarkdownNode[]
}

/** Points each link and definition at its page, and returns them; images, and definitions only images use, are rehype-images'. */
export function resolveSiteLinks(tree: MarkdownNode, source: { file: string; firstLine: number; productName: string }): ContentLink[] {
  const links: ContentLink[] = []
  const imagesOnly = imageOnlyDefinitions(tree)
  const visit = (node: MarkdownNode) => {
    if (node.url !== undefined && (node.type === 'link' || (node.type === 'definition' && !imagesOnly.has(node.identifier ?? '')))) {
      const target = siteTarget(node.url, source.file, source.productName)
      if (target) {
        const { url, ...link } = target
        links.push({ line: source.firstLine + (node.position?.start.line ?? 1) - 1, href: node.url, ...link })
        node.url = url
      }
    }
    node.children?.forEach(visit)
  }
  visit(tree)
  return links
}

export function imageOnlyDefinitions(tree: MarkdownNode): Set<string> {
  const byImages = new Set<string>()
  const byLinks = new Set<string>()
  const visit = (node: MarkdownNode) => {
    if (node.type === 'imageReference') byImages.add(node.identifier ?? '')
    if (node.type === 'linkReference') byLinks.add(node.identifier ?? '')
    node.children?.forEach(visit)
  }
  visit(tree)
  return new Set([...byImages].filter((label) => !byLinks.has(label)))
}

/** Where a link written in `file` leads on this site, and the URL to write for it; undefined for an #anchor or another site. */
function siteTarget(href: string, file: string, productName: string): (Omit<ContentLink, 'line' | 'href'> & { url: string }) | undefined {
  if (href === '' || href.startsWith('#') || ELSEWHERE.test(href)) return undefined
  const [, pathname = '', suffix = ''] = /^([^?#]*)(.*)$/.exec(href)!
  // `/blog/` and `/blog.html` are other spellings of `/blog`: the server and the hosts redirect them.
  if (pathname.startsWith('/')) return { url: href, path: canonicalPath(pathname, '') ?? pathname }
  if (!pathname.endsWith('.md')) return { url: href, path: null }
  // Tokens are replaced before parsing: `AuthorityLens-vs-ssi.md` gets its `{product}` back to find the file.
  const linked = join(dirname(pathname), basename(pathname).replaceAll(productName, '{product}'))
  const folder = dirname(join(dirname(file), linked))
  if (!PAGE_FOLDERS.has(basename(folder)) || dirname(folder) !== dirname(dirname(file))) return { url: href, path: null, file: linked }
  const path = `/${basename(folder)}/${slugFromFile(linked, productName)}`
  return { url: `${path}${suffix}`, path, file: linked }
}

/** Whether a site path leads to one of `pages`, a file of `publicDir`, or under a shell route. */
export function siteTargets(pages: Iterable<string>, publicDir = 'public'): (path: string) => boolean {
  const known = new Set([...pages, ...publicPaths(publicDir)])
  return (path) => known.has(path) || SHELL_ROUTES.some(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))
}

/** One line per link of the file that leads nowhere: `content/blog/x.md:14: link to ../topics/nope.md leads nowhere (no content/topics/nope.md)`. */
export function brokenLinks({ file, links }: FileLinks, leadsSomewhere: (path: string) => boolean): string[] {
  return links
    .filter(({ path }) => path === null || !leadsSomewhere(path))
    .map((link) => `${file}:${link.line}: link to ${link.href} leads nowhere (${whatIsMissing(link, file)})`)
}

function whatIsMissing({ path, file: linked }: ContentLink, file: string): string {
  const target = linked === undefined ? undefined : join(dirname(file), linked)
  if (path !== null) return target === undefined ? `no page or file of public/ at ${path}` : `no ${target}`
  if (target === undefined) return 'a relative link must name a content file (.md); link to a page by its path, such as /topics/x'
  return `${target} is not an article or a topic; link to a page by its path, such as /testimonials`
}

export function publicPaths(publicDir: string): string[] {
  if (!existsSync(publicDir)) return []
  const entries = readdirSync(publicDir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => `/${relative(publicDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
}
