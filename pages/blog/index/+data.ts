// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/node/content-index.server'
import { showingContentProblems } from '../../content-problems'
import { copyData } from '../../../lib/node/pages.server'
import { unpublishedLabel } from '../../../lib/node/publication.server'

export async function data(pageContext: PageContextServer) {
  const { posts } = await loadContent()
  return {
    ...(await showingContentProblems(copyData(pageContext))),
    // In `npm run dev`, a draft or scheduled article is listed, marked as such; a build lists neither.
    posts: posts.map((post) => {
      const { slug, title, description, date } = post
      const unpublished = unpublishedLabel(post)
      return { slug, title, description, date, ...(unpublished && { unpublished }) }
    }),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
