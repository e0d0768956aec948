// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { postOf } from '../../entries'

export async function data(pageContext: PageContextServer) {
  const { slug, title, date, updated, coverImage } = await postOf(pageContext)
  // The cover's markup is prose (+prose.ts), never serialized: the page only needs to know it has one.
  return { post: { slug, title, date, updated, hasCover: coverImage !== undefined } }
}

export type Data = Awaited<ReturnType<typeof data>>
