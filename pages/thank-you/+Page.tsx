// https://vike.dev/Page
import { useEffect, useState } from 'react'
import { PageHeader } from '../../components/PageHeader'
import { Prose } from '../../components/Prose'
import { useData, useSite } from '../../renderer/usePageContext'
import type { Data } from './+data'

export default function Page() {
  const { page } = useData<Data>()
  const site = useSite()
  // SPEC §6: the intake button needs a session_id in the URL; the prerendered page shows the other case.
  const [hasSession, setHasSession] = useState(false)
  useEffect(() => setHasSession(new URLSearchParams(window.location.search).has('session_id')), [])
  return (
    <article className="section narrow">
      <PageHeader h1={page.h1} />
      {page.lead && (
        <p className="notice notice-success" role="status">
          {page.lead}
        </p>
      )}
      {/* Both states share one grid cell, so the box is as tall as the taller one and showing the other never shifts the page. */}
      <div className="intake card">
        <a className={hasSession ? 'button' : 'button is-hidden'} href={site.intakeFormUrl}>
          {page.intakeButton}
        </a>
        <p className={hasSession ? 'customers-only is-hidden' : 'customers-only'}>{page.customersOnly}</p>
      </div>
      <Prose name="body" />
    </article>
  )
}
