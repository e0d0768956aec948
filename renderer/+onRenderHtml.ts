// https://vike.dev/onRenderHtml
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { renderPageHtml } from './renderPage'

export async function onRenderHtml(pageContext: PageContextServer) {
  return escapeInject`${dangerouslySkipEscape(await renderPageHtml(pageContext))}`
}
