// https://vike.dev/onCreatePageContext
import type { PageContextServer } from 'vike/types'
import { loadSite } from '../lib/site'

const site = loadSite()
const buildYear = new Date().getFullYear()

export function onCreatePageContext(pageContext: PageContextServer) {
  pageContext.site = site
  pageContext.buildYear = buildYear
}
