// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { postOf } from '../../entries'

export async function data(pageContext: PageContextServer) {
  const { slug, title, date, updated, coverImage, author } = await postOf(pageContext)
  const { name, role, url, bio } = author
  // The cover's markup is prose (+prose.ts), never serialized: the page only needs to know it has one.
  return { post: { slug, title, date, updated, hasCover: coverImage !== undefined, author: { name, role, url, bio } } }
}

export type Data = Awaited<ReturnType<typeof data>>
