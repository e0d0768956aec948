// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { showingContentProblems } from '../../content-problems'
import { copyData, type PageCopy } from '../../../lib/node/pages.server'
import { pagedText } from '../../../lib/universal/content/topic-pages'
import { topicListingOf } from '../listing'

// The data of every page of the topic index (/topics, /topics/page/<n>): its own topics, no other page's.
export async function data(pageContext: PageContextServer) {
  const { page: number, pages, topics } = await showingContentProblems(topicListingOf(pageContext))
  const { page: copy } = await showingContentProblems(copyData(pageContext))
  // The later pages' words stay on the server but for the nav's, which only an index of several pages shows.
  const { pagedTitle: _title, pagedDescription: _description, pagedH1, pagination, ...page } = copy as PageCopy<'topics'>
  return {
    page: number === 1 ? page : { ...page, h1: pagedText(pagedH1, number, pages) },
    // In `npm run dev`, a draft or scheduled topic is listed, marked as such; a build lists neither.
    topics: topics.map(({ file: _file, ...entry }) => entry),
    ...(pages > 1 && { paging: { page: number, pages, labels: pagination } }),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
