// https://vike.dev/Page
import { Breadcrumbs } from '../../../components/Breadcrumbs'
import { CallsToAction } from '../../../components/CallsToAction'
import { FaqList } from '../../../components/FaqList'
import { Prose } from '../../../components/Prose'
import { topicCrumbs } from '../../../lib/seo/topic'
import { useData } from '../../../renderer/usePageContext'
import type { Data } from './+data'

export default function Page() {
  const { topic } = useData<Data>()
  return (
    <article className="section narrow">
      <Breadcrumbs crumbs={topicCrumbs(topic)} />
      <h1>{topic.h1}</h1>
      <div className="answer-box">
        <h2>Short answer</h2>
        <p>{topic.shortAnswer}</p>
      </div>
      <Prose name="body" />
      <CallsToAction showUpgrade={topic.showUpgradeCTA} />
      <section className="topic-faq" aria-labelledby="topic-faq-heading">
        <h2 id="topic-faq-heading">Questions people ask</h2>
        <FaqList faqs={topic.faqs} />
      </section>
    </article>
  )
}
