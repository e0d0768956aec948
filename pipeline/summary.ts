// The build's last lines: its pages by kind, how many were rendered or reused and how fast, and what it
// left out or what a host's limit on old URLs would cut.
import type { BuiltPage } from '../lib/node/built-pages.server'
import { leftOutSummary, type LeftOut } from '../lib/node/publication.server'
import { redirectLimitWarning } from '../lib/node/redirects.server'
import type { Redirect } from '../lib/universal/routes'
import { count } from './progress'

export function printSummary({
  pages,
  rendered,
  reused,
  started,
  clientDir,
  leftOut,
  redirects,
}: {
  pages: readonly BuiltPage[]
  rendered: number
  reused: number
  /** When the build started (performance.now()). */
  started: number
  clientDir: string
  leftOut: readonly LeftOut[]
  redirects: readonly Redirect[]
}): void {
  const kinds = new Map<string, number>()
  for (const page of pages) kinds.set(pageKind(page), (kinds.get(pageKind(page)) ?? 0) + 1)
  const seconds = (performance.now() - started) / 1000
  console.log(
    `build: ${pages.length} pages: ${[...kinds]
      .sort()
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ')}`,
  )
  console.log(
    `build: ${count(rendered)} rendered, ${count(reused)} reused from the cache; ${seconds.toFixed(1)} s (${Math.round(pages.length / seconds)} pages/s) into ${clientDir}`,
  )
  for (const line of [leftOutSummary(leftOut), redirectLimitWarning(redirects.length)]) if (line) console.log(`build: ${line}`)
}

/** `/topics/x` → `/topics/*`, `/blog` → `/blog`, the 404 page → `404`: the kinds the summary counts. */
function pageKind(page: BuiltPage): string {
  if (page.path === null) return '404'
  const segments = page.path.split('/').filter(Boolean)
  return segments.length > 1 ? `/${segments[0]}/*` : page.path
}
