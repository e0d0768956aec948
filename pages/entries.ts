import { join } from 'node:path'
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { devProblemsOf, loadContent, loadRelatedTopics, loadTopic, problemsOfFile } from '../lib/node/content-index.server'
import { contentDir } from '../lib/node/paths.server'
import { showingContentProblems } from './content-problems'
import type { RelatedTopic } from '../lib/universal/content/types'

// The entry a dynamic route shows, looked up once per render (+data, +seo and +prose each ask; none is a 404).
// Kept on the pageContext, not in a WeakMap: Vike hands each hook a new proxy of the one object.
function entryOf<T>(lookUp: (pageContext: PageContextServer) => Promise<T | undefined>) {
  const key = Symbol('entry')
  return async (pageContext: PageContextServer): Promise<T> => {
    const memo = pageContext as unknown as Record<symbol, Promise<T | undefined> | undefined>
    const entry = await (memo[key] ??= showingContentProblems(lookUp(pageContext)))
    if (entry === undefined) throw render(404)
    return entry
  }
}

/** The article at /blog/<slug>; in `npm run dev`, the problems a build would stop on in its file are thrown. */
export const postOf = entryOf(async ({ routeParams }) => {
  const content = await loadContent()
  const slug = routeParams.slug ?? ''
  const post = content.postsBySlug.get(slug)
  const problems = problemsOfFile(content, post?.file ?? join(contentDir(), 'blog', `${slug}.md`))
  if (problems) throw problems
  return post
})

/** The topic at /topics/<slug>: the one the build has just read for this page, else its file (whose problems `npm run dev` throws). */
export const topicOf = entryOf(async ({ builtTopic, routeParams }) => {
  const slug = routeParams.slug ?? ''
  if (builtTopic?.slug === slug) return builtTopic
  const topic = await loadTopic(slug)
  const problems = topic && (await devProblemsOf(topic.file))
  if (problems) throw problems
  return topic
})

/** The topics the topic page links to as related: the build's choice for the page it renders, else chosen from the topic files (`npm run dev`). */
export function relatedTopicsOf({ builtTopic, builtRelated, routeParams }: PageContextServer): readonly RelatedTopic[] {
  const slug = routeParams.slug ?? ''
  if (builtTopic?.slug === slug) return builtRelated ?? []
  return loadRelatedTopics().get(slug) ?? []
}
