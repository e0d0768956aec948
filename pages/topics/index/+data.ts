// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/node/content-index.server'
import { showingContentProblems } from '../../content-problems'
import { copyData } from '../../../lib/node/pages.server'

export async function data(pageContext: PageContextServer) {
  const { topics } = await loadContent()
  return {
    ...(await showingContentProblems(copyData(pageContext))),
    // In `npm run dev`, a draft or scheduled topic is listed, marked as such; a build lists neither.
    topics: topics.map(({ slug, title, summary, unpublished }) => ({ slug, title, summary, ...(unpublished && { unpublished }) })),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
