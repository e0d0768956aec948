import type { PageContextServer } from 'vike/types'
import { copySeo } from '../../lib/node/pages.server'
import { jsonLdGraph, organizationJsonLd, webSiteJsonLd } from '../../lib/universal/seo/json-ld'

// The shared head, plus who runs the site and what it is.
export default (pageContext: PageContextServer) =>
  copySeo(pageContext, (page) => ({ jsonLd: jsonLdGraph(organizationJsonLd(pageContext.site), webSiteJsonLd(pageContext.site, page.description)) }))
