import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/content/load'

export default async ({ routeParams }: PageContextServer) => {
  const post = (await loadContent()).postsBySlug.get(routeParams.slug ?? '')
  return { body: post?.html ?? '' }
}
