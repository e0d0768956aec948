// https://vike.dev/Page
import { Prose } from '../../components/Prose'
import { useData } from '../../renderer/usePageContext'
import type { Data } from './+data'

export default function Page() {
  const { page } = useData<Data>()
  return (
    <article className="section narrow">
      <header className="page-header">
        <h1>{page.h1}</h1>
        {page.lead && (
          <p className="notice notice-success" role="status">
            {page.lead}
          </p>
        )}
      </header>
      <Prose name="body" />
      <p className="customers-only">{page.customersOnly}</p>
    </article>
  )
}
