// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/node/content.server'
import { copyData } from '../../../lib/node/pages.server'

export async function data(pageContext: PageContextServer) {
  const { topics } = await loadContent()
  return {
    ...(await copyData(pageContext)),
    topics: topics.map(({ slug, title, summary }) => ({ slug, title, summary })),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
