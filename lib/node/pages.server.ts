import type { PageSeo } from '../shared/seo/head'
import { loadContent } from './content.server'
import type { PageName } from '../shared/content/schemas'

/** A fixed page's copy for the client: everything but the rendered markdown, which stays on the server. */
export async function pageCopy<N extends PageName>(name: N) {
  const { pages } = await loadContent()
  const { html: _html, sectionHtml: _sectionHtml, file: _file, title: _title, description: _description, ...copy } = pages[name]
  return copy
}

/** A fixed page's markdown body (and its sections, where it has them), for `+prose.ts`. */
export async function pageProse(name: PageName) {
  const { pages } = await loadContent()
  return { body: pages[name].html, ...pages[name].sectionHtml }
}

/** A fixed page's head, from its copy's title and description. */
export async function pageSeo(name: PageName, path: string | null, extra: Partial<PageSeo> = {}): Promise<PageSeo> {
  const { pages } = await loadContent()
  return { path, title: pages[name].title, description: pages[name].description, ...extra }
}
