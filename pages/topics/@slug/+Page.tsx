// https://vike.dev/Page
import { Breadcrumbs } from '../../../components/Breadcrumbs'
import { CallsToAction } from '../../../components/CallsToAction'
import { FaqList } from '../../../components/FaqList'
import { Prose } from '../../../components/Prose'
import { topicCrumbs } from '../../../lib/universal/seo/topic'
import { useData, useUiText } from '../../../components/pageContext'
import type { Data } from './+data'

export default function Page() {
  const { topic } = useData<Data>()
  const { topic: labels } = useUiText()
  return (
    <article className="section narrow">
      <Breadcrumbs crumbs={topicCrumbs(topic, labels)} />
      <h1>{topic.h1}</h1>
      <div className="answer-box">
        <h2>{labels.shortAnswer}</h2>
        <p>{topic.shortAnswer}</p>
      </div>
      <Prose name="body" />
      <CallsToAction showUpgrade={topic.showUpgradeCTA} />
      <section className="topic-faq" aria-labelledby="topic-faq-heading">
        <h2 id="topic-faq-heading">{labels.faqHeading}</h2>
        <FaqList faqs={topic.faqs} />
      </section>
      <Prose name="related" className="related-block" />
    </article>
  )
}
