// https://vike.dev/Page
import { CallsToAction } from '../../../components/CallsToAction'
import { Prose } from '../../../components/Prose'
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
        <p className="meta byline">
          {`${blog.by} `}
          <a href={post.author.url} rel="author">
            {post.author.name}
          </a>
          {`, ${post.author.role}`}
        </p>
        <Prose name="meta" className="meta article-meta" />
      </header>
      {post.hasCover && <Prose name="cover" className="article-cover" />}
      <Prose name="contents" className="article-contents" />
      <Prose name="body" />
      {post.author.bio && (
        <aside className="author-note" aria-labelledby="author-note-heading">
          <h2 id="author-note-heading">{blog.aboutAuthor}</h2>
          <p>{post.author.bio}</p>
        </aside>
      )}
      <aside className="card cta-card" aria-labelledby="article-cta-heading">
        <h2 id="article-cta-heading">{cta.articleHeading}</h2>
        <p>{cta.articleText}</p>
        <CallsToAction />
      </aside>
      <Prose name="related" className="related-block" />
    </article>
  )
}
