import type { PageContextServer } from 'vike/types'
import { loadTopic } from '../../../lib/content/load'

export default async ({ routeParams }: PageContextServer) => {
  const topic = await loadTopic(routeParams.slug ?? '')
  return { body: topic?.html ?? '' }
}
