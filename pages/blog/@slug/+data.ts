// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { postOf } from '../../entries'

export async function data(pageContext: PageContextServer) {
  const { slug, title, coverImage, author } = await postOf(pageContext)
  const { name, role, url, bio } = author
  // The cover's markup, the dates and the lists around the text are prose (+prose.tsx), never serialized: the page only needs to know it has a cover.
  return { post: { slug, title, hasCover: coverImage !== undefined, author: { name, role, url, bio } } }
}

export type Data = Awaited<ReturnType<typeof data>>
