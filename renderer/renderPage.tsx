import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { buildHead } from '../lib/seo/head'
import { renderDocument } from './document'
import { PageShell } from './PageShell'

/** The full HTML document of one page, from its +Page, +seo and +prose. */
export async function renderPageHtml(pageContext: PageContextServer): Promise<string> {
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
  return renderDocument({ lang: site.lang, headHtml: buildHead(seo, site), bodyHtml })
}
