// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/node/content.server'

export async function data({ routeParams }: PageContextServer) {
  const post = (await loadContent()).postsBySlug.get(routeParams.slug ?? '')
  if (!post) throw render(404)
  const { slug, title, date, updated } = post
  return { post: { slug, title, date, updated } }
}

export type Data = Awaited<ReturnType<typeof data>>
