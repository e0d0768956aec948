import { useData } from '../renderer/usePageContext'
import { Prose } from './Prose'

/** A fixed page of mostly prose (legal texts, testimonials): heading, lead, the markdown body. */
export function ProsePage({ children }: { children?: React.ReactNode }) {
  const { page } = useData<{ page: { h1: string; lead?: string | undefined } }>()
  return (
    <article className="section narrow">
      <header className="page-header">
        <h1>{page.h1}</h1>
        {page.lead && <p className="lead">{page.lead}</p>}
      </header>
      <Prose name="body" />
      {children}
    </article>
  )
}
