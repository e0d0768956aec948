// https://vike.dev/error-page
import { useEffect } from 'react'
import { ApplicationError } from '../../components/ErrorBoundary'
import { usePageContext } from '../../components/pageContext'
import type { CopyData } from '../../lib/node/pages.server'

export default function Page() {
  const { is404, data } = usePageContext()
  if (is404 === false || !data) return <ApplicationError />
  return <NotFound page={(data as CopyData<'not-found'>).page} />
}

function NotFound({ page }: { page: CopyData<'not-found'>['page'] }) {
  useEffect(() => {
    // A warning, not an error: a mistyped URL is the visitor's, and the page handles it.
    console.warn('404 Error: User attempted to access non-existent route:', window.location.pathname)
  }, [])
  return (
    <section className="section narrow not-found">
      <h1>{page.h1}</h1>
      {page.lead && <p className="lead">{page.lead}</p>}
      <a className="button" href="/">
        {page.homeLink}
      </a>
    </section>
  )
}
