import type { PageContextServer } from 'vike/types'
import { copySeo } from '../../../lib/node/pages.server'
import { pagedText } from '../../../lib/universal/content/topic-pages'
import type { PageName } from '../../../lib/universal/content/schemas'
import type { SitePage } from '../../../lib/universal/content/types'
import { collectionPageJsonLd } from '../../../lib/universal/seo/json-ld'
import { topicPath } from '../../../lib/universal/content/routes'
import { topicListingOf } from '../listing'

// The shared head, plus the topics this page of the index lists; a later page has its own title and so card.
export default async (pageContext: PageContextServer) => {
  const { page: number, pages, topics } = await topicListingOf(pageContext)
  const items = topics.map((topic) => ({ title: topic.title, description: topic.summary, path: topicPath(topic.slug) }))
  const heading = (copy: SitePage<PageName>) => (number === 1 ? copy.h1 : pagedText((copy as SitePage<'topics'>).pagedH1, number, pages))
  return copySeo(
    pageContext,
    (copy, path) => {
      const page = copy as SitePage<'topics'>
      const own = number === 1 ? page : { title: pagedText(page.pagedTitle, number, pages), description: pagedText(page.pagedDescription, number, pages) }
      return { ...(number > 1 && own), jsonLd: collectionPageJsonLd({ name: heading(copy), description: own.description, path }, items, pageContext.site) }
    },
    heading,
  )
}
