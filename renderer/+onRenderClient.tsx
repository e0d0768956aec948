// https://vike.dev/onRenderClient
import type { ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { PageContextClient } from 'vike/types'
import { PageShell } from './PageShell'

/** Ends the current task: what follows runs in a task of its own, after the browser had a chance to paint and to handle input. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export async function onRenderClient(pageContext: PageContextClient) {
  const Page = pageContext.Page as ComponentType | undefined
  const root = document.getElementById('root')
  if (!Page || !root) throw new Error('onRenderClient: the page or its #root element is missing')
  // Loading the modules and hydrating are two tasks, not one long one: a phone's main thread is never
  // blocked for the sum of both (the page is whole and readable before either; they only make it interactive).
  await nextTask()
  hydrateRoot(
    root,
    <PageShell pageContext={pageContext}>
      <Page />
    </PageShell>,
  )
}
