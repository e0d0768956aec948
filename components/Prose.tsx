import { createContext, useContext, type ReactNode } from 'react'

/** Server-only rendered markdown, by block name (a page's `+prose.ts` returns it). */
export type ProseBlocks = Record<string, string>

const ProseContext = createContext<ProseBlocks>({})

export function ProseProvider({ prose, children }: { prose: ProseBlocks | undefined; children: ReactNode }) {
  return <ProseContext.Provider value={prose ?? {}}>{children}</ProseContext.Provider>
}

/**
 * Markdown rendered at build time (from the page's `+prose.ts`). On the server it is written into the
 * HTML; on the client the block is absent, and hydration adopts the server's markup as it is, so the
 * same text is never shipped twice (once as HTML, once inside the serialized page data).
 */
export function Prose({ name, className = 'prose' }: { name: string; className?: string }) {
  const html = useContext(ProseContext)[name] ?? ''
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
}
