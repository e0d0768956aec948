// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { postOf } from '../../entries'

export async function data(pageContext: PageContextServer) {
  const { slug, title, date, updated, author } = await postOf(pageContext)
  const { name, role, url, bio } = author
  return { post: { slug, title, date, updated, author: { name, role, url, bio } } }
}

export type Data = Awaited<ReturnType<typeof data>>
