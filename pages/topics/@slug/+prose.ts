import type { PageContextServer } from 'vike/types'
import { loadContent } from '../../../lib/content/load'

export default async ({ routeParams }: PageContextServer) => {
  const topic = (await loadContent()).topicsBySlug.get(routeParams.slug ?? '')
  return { body: topic?.html ?? '' }
}
