import { renderToStaticMarkup } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { ArticleMeta } from '../../../components/ArticleMeta'
import { RelatedLinks } from '../../../components/RelatedLinks'
import { TableOfContents } from '../../../components/TableOfContents'
import { MIN_SECTIONS_FOR_CONTENTS } from '../../../lib/node/outline.server'
import { unpublishedNote } from '../../../lib/node/publication.server'
import { postOf } from '../../entries'
import { articlePath } from '../../../lib/universal/content/routes'

// The article's markdown and cover, dates, table of contents and related articles: all in the HTML, none in the page's data or code.
export default async (pageContext: PageContextServer) => {
  const post = await postOf(pageContext)
  const { html, coverImage, date, updated, readingMinutes, sections, related } = post
  const { blog } = pageContext.ui
  const blocks = {
    // Only `npm run dev` renders a draft or scheduled article: it says so above the text.
    body: `${unpublishedNote(post)}${html}`,
    meta: renderToStaticMarkup(<ArticleMeta date={date} updated={updated} minutes={readingMinutes} labels={blog} />),
    contents: sections.length >= MIN_SECTIONS_FOR_CONTENTS ? renderToStaticMarkup(<TableOfContents sections={sections} heading={blog.contents} />) : '',
    related: renderToStaticMarkup(
      <RelatedLinks
        heading={blog.keepReading}
        links={related.map(({ slug, title, description }) => ({ href: articlePath(slug), title, text: description }))}
      />,
    ),
  }
  return coverImage ? { ...blocks, cover: coverImage.html } : blocks
}
