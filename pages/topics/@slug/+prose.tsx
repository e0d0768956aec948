import { renderToStaticMarkup } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { RelatedLinks } from '../../../components/RelatedLinks'
import { relatedTopicsOf, topicOf } from '../../entries'

// The topic's markdown, and the topics it links to at its end, drawn here: in the HTML, not in the page's data or code.
export default async (pageContext: PageContextServer) => {
  const related = relatedTopicsOf(pageContext).map(({ slug, title, summary }) => ({ href: `/topics/${slug}`, title, text: summary }))
  return {
    body: (await topicOf(pageContext)).html,
    related: renderToStaticMarkup(<RelatedLinks heading={pageContext.ui.topic.related} links={related} />),
  }
}
