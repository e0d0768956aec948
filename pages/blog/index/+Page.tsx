// https://vike.dev/Page
import { PageHeader } from '../../../components/PageHeader'
import { UnpublishedBadge } from '../../../components/UnpublishedBadge'
import { formatDate } from '../../../lib/universal/dates'
import { useData } from '../../../components/pageContext'
import type { Data } from './+data'

// The path is written out, not by articlePath(): shared by several pages' browser code, that helper became a chunk (a request) of its own.
export default function Page() {
  const { page, posts } = useData<Data>()
  return (
    <section className="section container">
      <PageHeader h1={page.h1} lead={page.lead} className="page-header index-header" />
      <ul className="card-grid">
        {posts.map((post) => (
          <li key={post.slug} className="card">
            {post.unpublished && <UnpublishedBadge label={post.unpublished} />}
            <time dateTime={post.date}>{formatDate(post.date)}</time>
            <h2>
              <a href={`/blog/${post.slug}`}>{post.title}</a>
            </h2>
            <p>{post.description}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
