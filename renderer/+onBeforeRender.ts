// https://vike.dev/onBeforeRender
import type { PageContextServer } from 'vike/types'
import { keepPricesTogetherIn } from '../lib/universal/typeset'

// Every page's data (its copy, a topic's answers) is typeset on the server before it is rendered and
// serialized, so the browser hydrates the very text the server wrote, with no code of its own for it.
export function onBeforeRender(pageContext: PageContextServer) {
  return { pageContext: { data: keepPricesTogetherIn(pageContext.data) } }
}
