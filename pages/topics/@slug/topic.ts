import type { PageContextServer } from 'vike/types'
import { loadTopic } from '../../../lib/node/content.server'
import type { Topic } from '../../../lib/shared/content/types'

/** The topic this page shows: the one the build has just read for it, else its file, by the slug in the URL. */
export function topicOf({ builtTopic, routeParams }: PageContextServer): Promise<Topic | undefined> {
  const slug = routeParams.slug ?? ''
  return builtTopic?.slug === slug ? Promise.resolve(builtTopic) : loadTopic(slug)
}
