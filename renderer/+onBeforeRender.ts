// https://vike.dev/onBeforeRender
import type { PageContextServer } from 'vike/types'
import { keepPricesTogetherIn } from '../lib/universal/typeset'

// Every page's data is typeset on the server before it is serialized, so the browser needs no code for it.
export function onBeforeRender(pageContext: PageContextServer) {
  return { pageContext: { data: keepPricesTogetherIn(pageContext.data) } }
}
