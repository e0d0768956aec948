import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/node/content.server'

export default async ({ routeParams }: PageContextServer) => {
  const post = (await loadContent()).postsBySlug.get(routeParams.slug ?? '')
  return { body: post?.html ?? '' }
}
