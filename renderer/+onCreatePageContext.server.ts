// https://vike.dev/onCreatePageContext
import type { PageContextServer } from 'vike/types'
import { loadLayout } from '../lib/layout'
import { loadSite } from '../lib/site'

const site = loadSite()
const layout = loadLayout()
const buildYear = new Date().getFullYear()

export function onCreatePageContext(pageContext: PageContextServer) {
  pageContext.site = site
  pageContext.layout = layout
  pageContext.buildYear = buildYear
}
