// https://vike.dev/Page
import { FaqList } from '../../components/FaqList'
import { FreeScoreForm } from '../../components/FreeScoreForm'
import { Prose } from '../../components/Prose'
import { useData } from '../../renderer/usePageContext'
import type { Data } from './+data'

export default function Page() {
  const { page } = useData<Data>()
  return (
    <>
      <section className="hero">
        <div className="container hero-grid">
          <div>
            <h1>{page.h1}</h1>
            {page.lead && <p className="lead">{page.lead}</p>}
          </div>
          <section id="free-score" className="card form-card" aria-labelledby="free-score-heading">
            <h2 id="free-score-heading">{page.formHeading}</h2>
            <p>{page.formIntro}</p>
            <FreeScoreForm />
          </section>
        </div>
      </section>
      <section id="audit" className="section container">
        <Prose name="body" />
      </section>
      <section id="faq" className="section container narrow" aria-labelledby="faq-heading">
        <h2 id="faq-heading">{page.faqHeading}</h2>
        <FaqList faqs={page.faqs} collapsible />
      </section>
    </>
  )
}
