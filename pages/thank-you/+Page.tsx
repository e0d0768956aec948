// https://vike.dev/Page
import { useEffect, useSyncExternalStore } from 'react'
import { PageHeader } from '../../components/PageHeader'
import { Prose } from '../../components/Prose'
import { conversionRecord } from '../../lib/universal/attribution'
import { useData, usePageContext } from '../../components/pageContext'
import type { CopyData } from '../../lib/node/pages.server'

let conversionSent = false

/** One conversion record per page load, with keepalive; its answer is not read and failures are silent. */
function sendConversion() {
  if (conversionSent) return
  conversionSent = true
  let storage: Storage | null = null
  try {
    storage = window.localStorage
  } catch {
    // Storage blocked (privacy settings): the other sources still count.
  }
  const record = conversionRecord({ search: new URLSearchParams(window.location.search), storage, cookie: document.cookie, now: Date.now() })
  fetch('/api/conversion', { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify(record) }).catch(() => {})
}

const noSubscription = () => () => {}
const hasSessionId = () => new URLSearchParams(window.location.search).has('session_id')

export default function Page() {
  const { page } = useData<CopyData<'thank-you'>>()
  const { site } = usePageContext()
  // The intake button needs a session_id in the URL; the prerendered page (and hydration) shows the other case.
  const hasSession = useSyncExternalStore(noSubscription, hasSessionId, () => false)
  useEffect(sendConversion, [])
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
