// https://vike.dev/Page
import { PageHeader } from '../../../components/PageHeader'
import { UnpublishedBadge } from '../../../components/UnpublishedBadge'
import { useData } from '../../../components/pageContext'
import type { Data } from './+data'
import { TopicPager } from './TopicPager'

// The path is written out, not by topicPath(): shared by several pages' browser code, that helper became a chunk (a request) of its own.
export default function Page() {
  const { page, topics, paging } = useData<Data>()
  return (
    <section className="section container">
      <PageHeader h1={page.h1} lead={page.lead} className="page-header index-header" />
      <ul className="card-grid">
        {topics.map((topic) => (
          <li key={topic.slug} className="card">
            {topic.unpublished && <UnpublishedBadge label={topic.unpublished} />}
            <h2>
              <a href={`/topics/${topic.slug}`}>{topic.title}</a>
            </h2>
            <p>{topic.summary}</p>
            <p className="slug">/topics/{topic.slug}</p>
          </li>
        ))}
      </ul>
      {paging && <TopicPager {...paging} />}
    </section>
  )
}
