// https://vike.dev/Page
import { CallsToAction } from '../../../components/CallsToAction'
import { Prose } from '../../../components/Prose'
import { useData, useUiText } from '../../../components/pageContext'
import type { Data } from './+data'

type ArticleAuthor = Data['post']['author']

/** "By <name>, <role>", the name linking to the author's profile. */
function Byline({ author }: { author: ArticleAuthor }) {
  const { blog } = useUiText()
  return (
    <p className="meta byline">
      {`${blog.by} `}
      <a href={author.url} rel="author">
        {author.name}
      </a>
      {`, ${author.role}`}
    </p>
  )
}

/** The author's short bio after the article, when authors.json gives one. */
function AuthorNote({ bio }: { bio: string }) {
  const { blog } = useUiText()
  return (
    <aside className="author-note" aria-labelledby="author-note-heading">
      <h2 id="author-note-heading">{blog.aboutAuthor}</h2>
      <p>{bio}</p>
    </aside>
  )
}

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
        <Byline author={post.author} />
        <Prose name="meta" className="meta article-meta" />
      </header>
      {post.hasCover && <Prose name="cover" className="article-cover" />}
      <Prose name="contents" className="article-contents" />
      <Prose name="body" />
      {post.author.bio && <AuthorNote bio={post.author.bio} />}
      <aside className="card cta-card" aria-labelledby="article-cta-heading">
        <h2 id="article-cta-heading">{cta.articleHeading}</h2>
        <p>{cta.articleText}</p>
        <CallsToAction />
      </aside>
      <Prose name="related" className="related-block" />
    </article>
  )
}
