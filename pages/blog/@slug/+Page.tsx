// https://vike.dev/Page
import { CallsToAction } from '../../../components/CallsToAction'
import { Prose } from '../../../components/Prose'
import { formatDate } from '../../../lib/universal/dates'
import { useData, useUiText } from '../../../components/pageContext'
import type { Data } from './+data'

export default function Page() {
  const { post } = useData<Data>()
  const { blog, cta } = useUiText()
  return (
    <article className="section narrow">
      <a className="back-link" href="/blog">
        {blog.back}
      </a>
      <header className="page-header">
        <h1>{post.title}</h1>
        <p className="meta">
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          {post.updated && (
            <>
              {` · ${blog.updated} `}
              <time dateTime={post.updated}>{formatDate(post.updated)}</time>
            </>
          )}
        </p>
      </header>
      {post.hasCover && <Prose name="cover" className="article-cover" />}
      <Prose name="body" />
      <aside className="card cta-card" aria-labelledby="article-cta-heading">
        <h2 id="article-cta-heading">{cta.articleHeading}</h2>
        <p>{cta.articleText}</p>
        <CallsToAction />
      </aside>
    </article>
  )
}
