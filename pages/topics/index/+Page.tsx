// https://vike.dev/Page
import { useData } from '../../../renderer/usePageContext'
import type { Data } from './+data'

export default function Page() {
  const { page, topics } = useData<Data>()
  return (
    <section className="section container">
      <header className="page-header narrow">
        <h1>{page.h1}</h1>
        {page.lead && <p className="lead">{page.lead}</p>}
      </header>
      <ul className="card-grid">
        {topics.map((topic) => (
          <li key={topic.slug} className="card">
            <h2>
              <a href={`/topics/${topic.slug}`}>{topic.title}</a>
            </h2>
            <p>{topic.summary}</p>
            <p className="slug">/topics/{topic.slug}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
