// https://vike.dev/Page
import { formatDate } from '../../../lib/dates'
import { useData } from '../../../renderer/usePageContext'
import type { Data } from './+data'

export default function Page() {
  const { page, posts } = useData<Data>()
  return (
    <section className="section container">
      <header className="page-header narrow">
        <h1>{page.h1}</h1>
        {page.lead && <p className="lead">{page.lead}</p>}
      </header>
      <ul className="card-grid">
        {posts.map((post) => (
          <li key={post.slug} className="card">
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
