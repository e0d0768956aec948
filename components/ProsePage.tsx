import { useData } from './pageContext'
import { PageHeader } from './PageHeader'
import { Prose } from './Prose'

export function ProsePage() {
  const { page } = useData<{ page: { h1: string; lead?: string | undefined } }>()
  return (
    <article className="section narrow">
      <PageHeader h1={page.h1} lead={page.lead} />
      <Prose name="body" />
    </article>
  )
}
