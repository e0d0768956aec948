// https://vike.dev/onCreatePageContext
import type { PageContextServer } from 'vike/types'
import { takeBuildSettings } from '../lib/node/build-settings.server'
import { takeBuiltIndex } from '../lib/node/content-index.server'
import { loadUiText } from '../lib/node/ui-text.server'
import { loadSite } from '../lib/node/site.server'
import { keepPricesTogetherIn } from '../lib/universal/typeset'

const site = loadSite()
// Typeset once here, so the server renders and the browser hydrates the same text.
const ui = keepPricesTogetherIn(loadUiText())
const buildYear = new Date().getFullYear()

export function onCreatePageContext(pageContext: PageContextServer) {
  pageContext.site = site
  pageContext.ui = ui
  pageContext.buildYear = buildYear
  // A page the build renders gets its day and card settings, and the index it validated: what lists of content show.
  if (pageContext.buildSettings) takeBuildSettings(pageContext.buildSettings)
  if (pageContext.builtIndex) takeBuiltIndex(pageContext.builtIndex)
}
