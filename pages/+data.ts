// https://vike.dev/data
// Every page inherits this hook: a fixed page hydrates with the copy its +config.ts names.
import type { PageContextServer } from 'vike/types'
import { showingContentProblems } from './content-problems'
import { copyData } from '../lib/node/pages.server'

export const data = (pageContext: PageContextServer) => showingContentProblems(copyData(pageContext))
