import type { PageContextServer } from 'vike/types'
import { copySeo } from '../../../lib/node/pages.server'
import { pagedText } from '../../../lib/universal/content/topic-pages'
import type { SitePage } from '../../../lib/universal/content/types'
import { collectionPageJsonLd } from '../../../lib/universal/seo/json-ld'
import { topicPath } from '../../../lib/universal/seo/topic'
import { topicListingOf } from '../listing'

// The shared head, plus the collection of the topics this page of the index lists. A later page has its
// own title, description and name; its social card is the index's own (copySeo draws it from the h1).
export default async (pageContext: PageContextServer) => {
  const { page: number, pages, topics } = await topicListingOf(pageContext)
  const items = topics.map((topic) => ({ title: topic.title, description: topic.summary, path: topicPath(topic.slug) }))
  return copySeo(pageContext, (copy, path) => {
    const page = copy as SitePage<'topics'>
    const own = number === 1 ? page : { title: pagedText(page.pagedTitle, number, pages), description: pagedText(page.pagedDescription, number, pages) }
    const name = number === 1 ? page.h1 : pagedText(page.pagedH1, number, pages)
    return { ...(number > 1 && own), jsonLd: collectionPageJsonLd({ name, description: own.description, path }, items, pageContext.site) }
  })
}
