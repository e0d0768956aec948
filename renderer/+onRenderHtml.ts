// https://vike.dev/onRenderHtml
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { renderPageDocument } from './renderPage'

export async function onRenderHtml(pageContext: PageContextServer) {
  const { html, facts } = await renderPageDocument(pageContext)
  // The build reads `headFacts` from the rendered pageContext for the sitemap; it is never sent to the browser.
  return { documentHtml: escapeInject`${dangerouslySkipEscape(html)}`, pageContext: { headFacts: facts } }
}
