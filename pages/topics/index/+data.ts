// https://vike.dev/data
import { loadContent } from '../../../lib/node/content.server'
import { pageCopy } from '../../../lib/node/pages.server'

export async function data() {
  const { topics } = await loadContent()
  return {
    page: await pageCopy('topics'),
    topics: topics.map(({ slug, title, summary }) => ({ slug, title, summary })),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
