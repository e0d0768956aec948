import type { PageContextServer } from 'vike/types'
import { rasterLogo } from '../../lib/node/cards/cards.server'
import { copySeo } from '../../lib/node/pages.server'
import { jsonLdGraph, organizationJsonLd, webSiteJsonLd } from '../../lib/universal/seo/json-ld'

// The shared head, plus who runs the site (with its raster logo) and what it is.
export default (pageContext: PageContextServer) => {
  const logo = rasterLogo()
  return copySeo(pageContext, (page) => ({
    jsonLd: jsonLdGraph(organizationJsonLd(pageContext.site, logo), webSiteJsonLd(pageContext.site, page.description)),
    ...(logo && { drawn: [logo.drawn] }),
  }))
}
