import type { PageContextServer } from 'vike/types'
import { loadTopic, type Topic } from '../../../lib/content/load'

/** The topic this page shows: the one the build has just read for it, else its file, by the slug in the URL. */
export function topicOf({ builtTopic, routeParams }: PageContextServer): Promise<Topic | undefined> {
  const slug = routeParams.slug ?? ''
  return builtTopic?.slug === slug ? Promise.resolve(builtTopic) : loadTopic(slug)
}
