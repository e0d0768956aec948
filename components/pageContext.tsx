import { createContext, useContext, type ReactNode } from 'react'
import type { PageContext } from 'vike/types'

const Context = createContext<PageContext | undefined>(undefined)

export function PageContextProvider({ pageContext, children }: { pageContext: PageContext; children: ReactNode }) {
  return <Context.Provider value={pageContext}>{children}</Context.Provider>
}

export function usePageContext(): PageContext {
  const pageContext = useContext(Context)
  if (!pageContext) throw new Error('usePageContext() is used outside <PageContextProvider>')
  return pageContext
}

/** The page's +data result; `Data` is `Awaited<ReturnType<typeof data>>` from the page's +data.ts. */
export function useData<Data>(): Data {
  return usePageContext().data as Data
}

export function useUiText() {
  return usePageContext().ui
}
