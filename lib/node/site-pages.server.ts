// content/pages/*.md, each validated against its page's schema and rendered whole or one `## ` section per id its frontmatter lists.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { ContentLink, FileLinks } from './content-links.server'
import { checkCardText, parseFile, tokensFor } from './content-files.server'
import type { ImageRead } from './rehype-images.server'
import { renderMarkdown } from './render-markdown.server'
import { pageFrontmatter, PAGE_TOKENS, type PageName } from '../universal/content/schemas'
import type { SitePages } from '../universal/content/types'
import type { Site } from '../universal/site'

function sectionsOf(body: string, bodyLine: number): Array<{ text: string; line: number }> {
  let line = bodyLine
  return body.split(/^(?=## )/m).flatMap((text) => {
    const start = line
    line += text.split('\n').length - 1
    return text.trim() ? [{ text, line: start }] : []
  })
}

export async function readPages(dir: string, site: Site, problems: string[], links: FileLinks[], images: ImageRead): Promise<SitePages> {
  const tokens = tokensFor(site)
  const pageImages = { ...images, leadAtTop: true }
  const pages: Partial<Record<PageName, unknown>> = {}
  for (const name of Object.keys(pageFrontmatter) as PageName[]) {
    const file = join(dir, `${name}.md`)
    if (!existsSync(file)) {
      problems.push(`${file}: file is missing (every page in lib/universal/content/schemas.ts needs its copy)`)
      continue
    }
    // A page's own tokens stay as written, for the page to fill (the topic index's page numbers).
    const own = Object.fromEntries((PAGE_TOKENS[name as keyof typeof PAGE_TOKENS] ?? []).map((token) => [token, `{${token}}`]))
    const parsed = parseFile(file, pageFrontmatter[name], { ...tokens, ...own }, problems)
    if (!parsed) continue
    checkCardText(file, 'h1', (parsed.data as { h1: string }).h1, problems)
    // The topic index's later pages each draw their card from pagedH1.
    if (name === 'topics') checkCardText(file, 'pagedH1', (parsed.data as { pagedH1: string }).pagedH1, problems)
    const fileLinks: ContentLink[] = []
    const render = async (markdownText: string, firstLine: number) => {
      const { html, links: found } = await renderMarkdown(markdownText, { file, firstLine, productName: site.productName, images: pageImages })
      fileLinks.push(...found)
      return html
    }
    const sectionHtml: Record<string, string> = {}
    const ids = (parsed.data as { sections?: string[] }).sections
    if (ids) {
      const blocks = sectionsOf(parsed.body, parsed.bodyLine)
      if (blocks.length !== ids.length || !blocks.every((block) => block.text.startsWith('## '))) {
        problems.push(`${file}: sections: expected one id per "## " section of the body (${ids.length} ids, ${blocks.length} blocks)`)
        continue
      }
      for (const [index, id] of ids.entries()) sectionHtml[id] = await render(blocks[index]!.text, blocks[index]!.line)
    }
    // A page in sections is the sum of its sections: no need to render its markdown a second time.
    const html = ids ? Object.values(sectionHtml).join('\n') : await render(parsed.body, parsed.bodyLine)
    pages[name] = { ...parsed.data, file, html, sectionHtml }
    links.push({ file, links: fileLinks })
  }
  return pages as SitePages
}
