// https://vike.dev/Page
import { useData } from '../../renderer/usePageContext'
import type { Data } from './+data'

export default function Page() {
  const { page } = useData<Data>()
  return (
    <section className="section narrow redirecting" aria-busy="true">
      <h1>{page.h1}</h1>
      {page.lead && <p className="lead">{page.lead}</p>}
    </section>
  )
}
