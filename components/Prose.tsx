import { createContext, useContext, type ReactNode } from 'react'

/** Server-only rendered markdown, by block name (a page's `+prose.ts` returns it). */
export type ProseBlocks = Record<string, string>

const ProseContext = createContext<ProseBlocks>({})

export function ProseProvider({ prose, children }: { prose: ProseBlocks | undefined; children: ReactNode }) {
  return <ProseContext.Provider value={prose ?? {}}>{children}</ProseContext.Provider>
}

/** Markdown rendered on the server (`+prose.ts`); hydration adopts its markup as it is, so the text is never shipped twice. */
export function Prose({ name, className = 'prose' }: { name: string; className?: string }) {
  const html = useContext(ProseContext)[name] ?? ''
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
}
