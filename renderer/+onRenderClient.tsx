// https://vike.dev/onRenderClient
import type { ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { PageContextClient } from 'vike/types'
import { PageShell } from './PageShell'

export async function onRenderClient(pageContext: PageContextClient) {
  const Page = pageContext.Page as ComponentType | undefined
  const root = document.getElementById('root')
  if (!Page || !root) throw new Error('onRenderClient: the page or its #root element is missing')
  // Loading the modules and hydrating are two tasks, not one long one that blocks a phone's main thread.
  await new Promise<void>((resolve) => setTimeout(resolve, 0))
  hydrateRoot(
    root,
    <PageShell pageContext={pageContext}>
      <Page />
    </PageShell>,
  )
}
