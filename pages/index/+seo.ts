import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../lib/content/load'
import { pageSeo } from '../../lib/content/pages'
import { jsonLdGraph, organizationJsonLd, webSiteJsonLd } from '../../lib/seo/json-ld'

export default async ({ site }: PageContextServer) => {
  const { pages } = await loadContent()
  return pageSeo('home', '/', { jsonLd: jsonLdGraph(organizationJsonLd(site), webSiteJsonLd(site, pages.home.description)) })
}
