// https://vike.dev/data
// Every page inherits this hook (https://vike.dev/config#inheritance): a fixed page names its copy in
// its +config.ts and hydrates with that copy. A page that shows more has its own +data.
import type { PageContextServer } from 'vike/types'
import { showingContentProblems } from './content-problems'
import { copyData } from '../lib/node/pages.server'

export const data = (pageContext: PageContextServer) => showingContentProblems(copyData(pageContext))
