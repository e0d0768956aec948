import { StrictMode, useEffect, type ReactNode } from 'react'
import type { PageContext } from 'vike/types'
import { ErrorBoundary } from '../components/ErrorBoundary'
import { Footer } from '../components/Footer'
import { Header } from '../components/Header'
import { ProseProvider, type ProseBlocks } from '../components/Prose'
import { Toaster } from '../components/Toaster'
import { useScrollReveal } from '../components/useScrollReveal'
import { PageContextProvider } from '../components/pageContext'

export function PageShell({ pageContext, prose, children }: { pageContext: PageContext; prose?: ProseBlocks; children: ReactNode }) {
  useEffect(() => {
    // Marks the page interactive: styles that need JavaScript (and tests) key off it.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  useScrollReveal()
  return (
    <StrictMode>
      <PageContextProvider pageContext={pageContext}>
        <ProseProvider prose={prose}>
          <a className="skip-link" href="#main">
            {pageContext.ui.skipLink}
          </a>
          <Header />
          <main id="main" tabIndex={-1}>
            <ErrorBoundary>{children}</ErrorBoundary>
          </main>
          <Footer />
          <Toaster />
        </ProseProvider>
      </PageContextProvider>
    </StrictMode>
  )
}
