// https://vike.dev/Page
import { useEffect, useState } from 'react'
import { PageHeader } from '../../../components/PageHeader'
import { Prose } from '../../../components/Prose'
import { useData } from '../../../components/pageContext'
import type { CopyData } from '../../../lib/node/pages.server'

/** Received, then Processing, then Emailing, over about 60 seconds. */
const STEP_MS = 20_000

export default function Page() {
  const { page } = useData<CopyData<'score-confirmation'>>()
  const [current, setCurrent] = useState(0)
  useEffect(() => {
    if (current >= page.statusSteps.length - 1) return
    const timer = setTimeout(() => setCurrent((step) => step + 1), STEP_MS)
    return () => clearTimeout(timer)
  }, [current, page.statusSteps.length])
  return (
    <article className="section narrow">
      <PageHeader h1={page.h1} lead={page.lead} />
      <ol className="status-steps">
        {page.statusSteps.map((step, index) => (
          <li key={step} aria-current={index === current ? 'step' : undefined} className={index < current ? 'done' : undefined}>
            {step}
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {page.statusSteps[current]}
      </p>
      <Prose name="body" />
    </article>
  )
}
