// https://vike.dev/onRenderHtml
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { buildHead } from '../lib/seo/head'
import { renderDocument } from './document'
import { PageShell } from './PageShell'

export async function onRenderHtml(pageContext: PageContextServer) {
  const { config, site } = pageContext
  const Page = pageContext.Page as ComponentType | undefined
  if (!Page) throw new Error(`${pageContext.urlOriginal}: the page has no +Page`)
  if (!config.seo) throw new Error(`${pageContext.urlOriginal}: the page has no +seo.ts`)
  const seo = await config.seo(pageContext)
  const prose = config.prose ? await config.prose(pageContext) : {}
  const bodyHtml = renderToString(
    <PageShell pageContext={pageContext} prose={prose}>
      <Page />
    </PageShell>,
  )
  const html = renderDocument({ lang: site.lang, headHtml: buildHead(seo, site), bodyHtml })
  return escapeInject`${dangerouslySkipEscape(html)}`
}
