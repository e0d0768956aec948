// https://vike.dev/Page
import { PageHeader } from '../../../components/PageHeader'
import { Prose } from '../../../components/Prose'
import { useData } from '../../../renderer/usePageContext'
import type { Data } from './+data'

export default function Page() {
  const { page } = useData<Data>()
  return (
    <article className="section narrow">
      <PageHeader h1={page.h1} lead={page.lead} />
      <div role="status" aria-live="polite">
        <ol className="status-steps">
          {page.statusSteps.map((step, index) => (
            <li key={step} aria-current={index === 0 ? 'step' : undefined}>
              {step}
            </li>
          ))}
        </ol>
      </div>
      <Prose name="body" />
    </article>
  )
}
