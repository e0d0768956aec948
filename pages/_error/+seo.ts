import type { PageContextServer } from 'vike/types'
import { copySeo } from '../../lib/node/pages.server'
import type { PageSeo } from '../../lib/universal/seo/head'

// The error page has no URL of its own, so no canonical; its +config.ts keeps it out of indexes.
export default async (pageContext: PageContextServer): Promise<PageSeo> => {
  const { is404, config, site, ui } = pageContext
  if (is404 !== false) return copySeo(pageContext, () => ({ path: null }))
  // A page failed to render: the error view's heading (layout.json), as the page shows it.
  return { path: null, title: `${ui.error.heading} | ${site.productName}`, description: ui.error.heading, noindex: config.noindex }
}
