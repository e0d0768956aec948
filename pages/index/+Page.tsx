// https://vike.dev/Page
import { FaqList } from '../../components/FaqList'
import { FreeScoreForm } from '../../components/FreeScoreForm'
import { Prose } from '../../components/Prose'
import { useData } from '../../components/pageContext'
import type { CopyData } from '../../lib/node/pages.server'

export default function Page() {
  const { page } = useData<CopyData<'home'>>()
  return (
    <>
      <section className="hero">
        <div className="container hero-grid">
          <div className="hero-copy">
            <h1>{page.h1}</h1>
            {page.lead && <p className="lead">{page.lead}</p>}
            <dl className="stats">
              {page.stats.map((stat) => (
                <div key={stat.label}>
                  <dt>{stat.label}</dt>
                  <dd>{stat.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <section id="free-score" className="card form-card" aria-labelledby="free-score-heading">
            <h2 id="free-score-heading">{page.formHeading}</h2>
            <p>{page.formIntro}</p>
            <FreeScoreForm />
          </section>
          <Prose name="sampleScore" className="hero-sample" />
        </div>
      </section>
      {page.sections.map((id) => (
        <section key={id} id={id} className={`home-section home-${id}`} data-reveal>
          <div className="container">
            <Prose name={id} />
          </div>
        </section>
      ))}
      <section id="faq" className="home-section home-faq" aria-labelledby="faq-heading" data-reveal>
        <div className="container narrow">
          <h2 id="faq-heading">{page.faqHeading}</h2>
          <FaqList faqs={page.faqs} collapsible />
        </div>
      </section>
    </>
  )
}
