import type { PageContextServer } from 'vike/types'
import { copyProse } from '../lib/node/pages.server'

// Every page inherits this: a fixed page's markdown, from the copy its +config.ts names.
export default (pageContext: PageContextServer) => copyProse(pageContext)
