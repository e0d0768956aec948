// https://vike.dev/onRenderClient
import type { ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { PageContextClient } from 'vike/types'
import { PageShell } from './PageShell'

export function onRenderClient(pageContext: PageContextClient) {
  const Page = pageContext.Page as ComponentType | undefined
  const root = document.getElementById('root')
  if (!Page || !root) throw new Error('onRenderClient: the page or its #root element is missing')
  hydrateRoot(
    root,
    <PageShell pageContext={pageContext}>
      <Page />
    </PageShell>,
  )
}
