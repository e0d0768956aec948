// https://vike.dev/onRenderHtml
import type { PageContextServer } from 'vike/types'
import type { CopyData } from '../../lib/node/pages.server'
import { onRenderHtml as renderPage } from '../../renderer/+onRenderHtml'
import { renderFormPage } from '../../renderer/formPage'

/** The home page as every page is rendered, and beside it the page its form's refused posts get, which the build writes for the server. */
export async function onRenderHtml(pageContext: PageContextServer) {
  const rendered = await renderPage(pageContext)
  if (!rendered.pageContext) return rendered
  const { page } = pageContext.data as CopyData<'home'>
  return { ...rendered, pageContext: { ...rendered.pageContext, formPage: renderFormPage(pageContext, page.formHeading) } }
}
