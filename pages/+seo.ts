import type { PageContextServer } from 'vike/types'
import { copySeo } from '../lib/node/pages.server'

// Every page inherits this: a fixed page's head from its copy, canonical at its own URL, `noindex` from its +config.ts.
export default (pageContext: PageContextServer) => copySeo(pageContext)
