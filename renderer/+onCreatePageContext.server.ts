// https://vike.dev/onCreatePageContext
import type { PageContextServer } from 'vike/types'
import { loadUiText } from '../lib/node/ui-text.server'
import { loadSite } from '../lib/node/site.server'

const site = loadSite()
const ui = loadUiText()
const buildYear = new Date().getFullYear()

export function onCreatePageContext(pageContext: PageContextServer) {
  pageContext.site = site
  pageContext.ui = ui
  pageContext.buildYear = buildYear
}
