import type { PageContextServer } from 'vike/types'
import { topicOf } from './topic'

export default async (pageContext: PageContextServer) => {
  const topic = await topicOf(pageContext)
  return { body: topic?.html ?? '' }
}
