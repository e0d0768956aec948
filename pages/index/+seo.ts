import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../lib/node/content.server'
import { pageSeo } from '../../lib/node/pages.server'
import { jsonLdGraph, organizationJsonLd, webSiteJsonLd } from '../../lib/shared/seo/json-ld'

export default async ({ site }: PageContextServer) => {
  const { pages } = await loadContent()
  return pageSeo('home', '/', { jsonLd: jsonLdGraph(organizationJsonLd(site), webSiteJsonLd(site, pages.home.description)) })
}
