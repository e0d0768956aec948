import type { PageSeo } from '../universal/seo/head'
import type { SitePage } from '../universal/content/types'
import type { Site } from '../universal/site'
import type { UiText } from '../universal/ui-text'
import { withSocialCard } from './cards/cards.server'
import { join } from 'node:path'
import { contentProblemsOf, loadContent, problemsOfFile } from './content-index.server'
import { contentDir } from './paths.server'
import type { PageName } from '../universal/content/schemas'

/** Copy the server draws into a page's HTML from its own `+prose` (the home page's sample score and report, the testimonial cards). */
const DRAWN_ON_SERVER = ['sampleScore', 'reportPreview', 'testimonials'] as const

/** The rendered markdown, what the server draws and the head's fields stay on the server. */
export type PageCopy<N extends PageName> = Omit<SitePage<N>, 'html' | 'sectionHtml' | 'file' | 'title' | 'description' | (typeof DRAWN_ON_SERVER)[number]>

/** From the shared `pages/+data.ts`. */
export interface CopyData<N extends PageName = PageName> {
  page: PageCopy<N>
}

/** In `npm run dev`, a file with problems (an image's, a link's) throws them. */
async function sitePage<N extends PageName>(name: N): Promise<SitePage<N>> {
  const content = await loadContent()
  const page = content.pages[name] as SitePage<N> | undefined
  const file = join(contentDir(), 'pages', `${name}.md`)
  if (!page || problemsOfFile(content, file)) throw contentProblemsOf(content, file)
  return page
}

/** Spelt out because lib/ does not import Vike. */
interface CopyPageContext {
  pageId: string | null
  urlPathname: string
  config: { copy?: PageName | undefined; noindex?: boolean | undefined }
  site: Site
  ui: UiText
}

/** A page without `copy` must bring its own +data, +seo and +prose, so its absence is a code error. */
function copyNameOf({ config, pageId }: CopyPageContext): PageName {
  if (!config.copy)
    throw new Error(`${pageId}: the page names no copy: set \`copy\` (a file of content/pages/) in its +config.ts, or give it its own +data, +seo and +prose`)
  return config.copy
}

/** The shared `+data`: no more than the page hydrates with (it is serialized into the page). */
export async function copyData(pageContext: CopyPageContext): Promise<CopyData> {
  const { html: _html, sectionHtml: _sectionHtml, file: _file, title: _title, description: _description, ...copy } = await sitePage(copyNameOf(pageContext))
  for (const field of DRAWN_ON_SERVER) delete (copy as Record<string, unknown>)[field]
  return { page: copy as PageCopy<PageName> }
}

export async function copyProse(pageContext: CopyPageContext) {
  const page = await sitePage(copyNameOf(pageContext))
  return { body: page.html, ...page.sectionHtml }
}

/** `noindex` from the page's config, else a social card of its h1 (`heading`, where it shows another); `extra`: a page's own JSON-LD. */
export async function copySeo(
  pageContext: CopyPageContext,
  extra: (page: SitePage<PageName>, path: string) => Partial<PageSeo> = () => ({}),
  heading: (page: SitePage<PageName>) => string = (page) => page.h1,
): Promise<PageSeo> {
  const name = copyNameOf(pageContext)
  const path = pageContext.urlPathname
  const page = await sitePage(name)
  const seo: PageSeo = { path, title: page.title, description: page.description, ...(pageContext.config.noindex && { noindex: true }), ...extra(page, path) }
  return seo.noindex ? seo : withSocialCard(seo, heading(page), pageContext.ui.card.pages[name] ?? '', pageContext.site)
}
