import type { PageContextServer } from 'vike/types'
import { unpublishedNote } from '../../../lib/node/publication.server'
import { topicOf } from '../../entries'

// Only `npm run dev` renders a draft or scheduled topic: it says so above the text.
export default async (pageContext: PageContextServer) => {
  const topic = await topicOf(pageContext)
  return { body: `${unpublishedNote(topic)}${topic.html}` }
}
