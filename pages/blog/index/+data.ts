// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/node/content.server'
import { copyData } from '../../../lib/node/pages.server'

export async function data(pageContext: PageContextServer) {
  const { posts } = await loadContent()
  return {
    ...(await copyData(pageContext)),
    posts: posts.map(({ slug, title, description, date }) => ({ slug, title, description, date })),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
