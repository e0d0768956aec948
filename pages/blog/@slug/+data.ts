// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { postOf } from '../../entries'

export async function data(pageContext: PageContextServer) {
  const { slug, title, date, updated } = await postOf(pageContext)
  return { post: { slug, title, date, updated } }
}

export type Data = Awaited<ReturnType<typeof data>>
