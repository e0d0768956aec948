import type { PageContextServer } from 'vike/types'
import { unpublishedNote } from '../../../lib/node/publication.server'
import { postOf } from '../../entries'

export default async (pageContext: PageContextServer) => {
  const post = await postOf(pageContext)
  // Only `npm run dev` renders a draft or scheduled article: it says so above the text.
  const body = `${unpublishedNote(post)}${post.html}`
  return post.coverImage ? { body, cover: post.coverImage.html } : { body }
}
