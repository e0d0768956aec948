// https://vike.dev/data
import { loadContent } from '../../../lib/node/content.server'
import { pageCopy } from '../../../lib/node/pages.server'

export async function data() {
  const { posts } = await loadContent()
  return {
    page: await pageCopy('blog'),
    posts: posts.map(({ slug, title, description, date }) => ({ slug, title, description, date })),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
