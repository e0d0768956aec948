import { renderToStaticMarkup } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { RelatedLinks } from '../../../components/RelatedLinks'
import { unpublishedNote } from '../../../lib/node/publication.server'
import { relatedTopicsOf, topicOf } from '../../entries'
import { topicPath } from '../../../lib/universal/content/routes'

// The topic's markdown, and the topics it links to at its end, drawn here: in the HTML, not in the page's data or code.
export default async (pageContext: PageContextServer) => {
  const related = relatedTopicsOf(pageContext).map(({ slug, title, summary }) => ({ href: topicPath(slug), title, text: summary }))
  const topic = await topicOf(pageContext)
  return {
    // Only `npm run dev` renders a draft or scheduled topic: it says so above the text.
    body: `${unpublishedNote(topic)}${topic.html}`,
    related: renderToStaticMarkup(<RelatedLinks heading={pageContext.ui.topic.related} links={related} />),
  }
}
