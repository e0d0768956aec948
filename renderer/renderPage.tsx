import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { buildHead, headFacts, type HeadFacts } from '../lib/universal/seo/head'
import { typesetProse } from '../lib/universal/typeset'
import { renderDocument } from './document'
import { styles } from './stylesheet'
import { PageShell } from './PageShell'

/** One page's HTML document, from its +Page, +seo and +prose, and what its head says (for the sitemap). */
export async function renderPageDocument(pageContext: PageContextServer): Promise<{ html: string; facts: HeadFacts }> {
  const { config, site } = pageContext
  const Page = pageContext.Page as ComponentType | undefined
  if (!Page) throw new Error(`${pageContext.urlOriginal}: the page has no +Page`)
  if (!config.seo) throw new Error(`${pageContext.urlOriginal}: the page has no +seo.ts`)
  const seo = await config.seo(pageContext)
  // The markdown never reaches the browser's code, so its typesetting (prices, buttons) is done here alone.
  const prose = typesetProse(config.prose ? await config.prose(pageContext) : {}, site.checkoutUrl)
  const bodyHtml = renderToString(
    <PageShell pageContext={pageContext} prose={prose}>
      <Page />
    </PageShell>,
  )
  return { html: renderDocument({ lang: site.lang, styles, headHtml: buildHead(seo, site), bodyHtml }), facts: headFacts(seo, site) }
}
