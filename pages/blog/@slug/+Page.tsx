// https://vike.dev/Page
import { CallsToAction } from '../../../components/CallsToAction'
import { Prose } from '../../../components/Prose'
import { formatDate } from '../../../lib/dates'
import { useData } from '../../../renderer/usePageContext'
import type { Data } from './+data'

export default function Page() {
  const { post } = useData<Data>()
  return (
    <article className="section narrow">
      <a className="back-link" href="/blog">
        ← Back to the blog
      </a>
      <header className="page-header">
        <h1>{post.title}</h1>
        <p className="meta">
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          {post.updated && (
            <>
              {' · Updated '}
              <time dateTime={post.updated}>{formatDate(post.updated)}</time>
            </>
          )}
        </p>
      </header>
      <Prose name="body" />
      <aside className="card cta-card" aria-label="Next step">
        <h2>See how your profile scores</h2>
        <p>Get your free Authority Score in about 60 seconds, or go straight to the Full Authority Audit.</p>
        <CallsToAction />
      </aside>
    </article>
  )
}
