// https://vike.dev/onRenderHtml
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { contentErrorPage, contentProblemsIn } from '../lib/node/content-error-page.server'
import { renderPageDocument } from './renderPage'

export async function onRenderHtml(pageContext: PageContextServer) {
  // In `npm run dev`, a page that failed on its content file shows that file's problems (a build fails on them instead).
  const problems = import.meta.env.DEV ? (contentProblemsIn(pageContext.abortReason) ?? contentProblemsIn(pageContext.errorWhileRendering)) : undefined
  if (problems) return { documentHtml: escapeInject`${dangerouslySkipEscape(contentErrorPage(problems))}` }
  const { html, facts } = await renderPageDocument(pageContext)
  // The build reads `headFacts` from the rendered pageContext for the sitemap; it is never sent to the browser.
  return { documentHtml: escapeInject`${dangerouslySkipEscape(html)}`, pageContext: { headFacts: facts } }
}
