// https://vike.dev/Page
import { useEffect } from 'react'
import { readGaClientId, readUtm } from '../../lib/universal/attribution'
import { refCodeFromPath, storeReferral } from '../../lib/universal/referral'
import { safeRedirectTarget } from '../../lib/universal/safe-redirect'
import { useData, usePageContext } from '../../components/pageContext'
import type { CopyData } from '../../lib/node/pages.server'

let followed = false

/** Records the click; only an ok answer with status "ok" stores the referral and follows a safe `next`. */
async function followReferral(siteHost: string) {
  if (followed) return
  followed = true
  const code = refCodeFromPath(window.location.pathname)
  if (!code) return window.location.replace('/')
  const search = new URLSearchParams(window.location.search)
  try {
    const response = await fetch('/api/affiliate-click', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ref_code: code,
        user_agent: navigator.userAgent,
        referer: document.referrer || null,
        ga_client_id: readGaClientId(document.cookie),
        ...readUtm(search),
      }),
    })
    const answer = (await response.json()) as { status?: unknown }
    if (!response.ok || answer.status !== 'ok') return window.location.replace('/')
    storeReferral(window.localStorage, code, Date.now())
    window.location.replace(safeRedirectTarget(search.get('next'), [siteHost, window.location.hostname]))
  } catch {
    window.location.replace('/')
  }
}

export default function Page() {
  const { page } = useData<CopyData<'redirect'>>()
  const { site } = usePageContext()
  useEffect(() => {
    void followReferral(new URL(site.siteUrl).hostname)
  }, [site.siteUrl])
  return (
    <section className="section narrow redirecting" aria-busy="true">
      <h1>{page.h1}</h1>
      {page.lead && <p className="lead">{page.lead}</p>}
    </section>
  )
}
