// What the build prints: one line per phase (on a terminal the pages' line is a bar), then its summary.
import type { BuiltPage } from '../lib/node/built-pages.server'
import { leftOutSummary, type LeftOut } from '../lib/node/publication.server'
import { redirectLimitWarning } from '../lib/node/redirects.server'
import type { Redirect } from '../lib/universal/routes'

const BAR = 24
const REDRAW_MS = 100

export const count = (n: number) => n.toLocaleString('en-US')

export type Phase = ReturnType<typeof phase>

/** A phase's line; `live` on a terminal, it shows its progress as it goes. */
export function phase(name: string, startTotal = 0, live = false) {
  const started = performance.now()
  const stream = process.stdout
  live &&= stream.isTTY === true
  let done = 0
  let drawn = 0
  let total = startTotal
  const label = `build: ${name.padEnd(8)}`
  const draw = () => {
    const share = total === 0 ? 1 : done / total
    const filled = Math.round(share * BAR)
    stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ${count(done)}/${count(total)}`)
    drawn = performance.now()
  }
  if (live) draw()
  return {
    advance() {
      done++
      if (live && performance.now() - drawn > REDRAW_MS) draw()
    },
    grow(more: number) {
      total += more
    },
    end(summary: string) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      stream.write(`${live ? '\r\x1b[2K' : ''}${label} ${summary} in ${seconds} s\n`)
    },
  }
}

export function printSummary(
  { pages, rendered, reused }: { pages: readonly BuiltPage[]; rendered: number; reused: number },
  started: number,
  clientDir: string,
  leftOut: readonly LeftOut[],
  redirects: readonly Redirect[],
): void {
  const kinds = new Map<string, number>()
  for (const page of pages) kinds.set(pageKind(page), (kinds.get(pageKind(page)) ?? 0) + 1)
  const seconds = (performance.now() - started) / 1000
  const byKind = [...kinds].sort().map(([kind, n]) => `${kind} ${n}`)
  console.log(`build: ${pages.length} pages: ${byKind.join(', ')}`)
  console.log(
    `build: ${count(rendered)} rendered, ${count(reused)} reused from the cache; ${seconds.toFixed(1)} s (${Math.round(pages.length / seconds)} pages/s) into ${clientDir}`,
  )
  for (const line of [leftOutSummary(leftOut), redirectLimitWarning(redirects.length)]) if (line) console.log(`build: ${line}`)
}

/** `/topics/x` → `/topics/*`, `/topics/page/2` → `/topics/page/*`, `/blog` → `/blog`, the 404 page → `404`. */
function pageKind(page: BuiltPage): string {
  if (page.path === null) return '404'
  const segments = page.path.split('/').filter(Boolean)
  if (segments.length > 2) return `/${segments.slice(0, -1).join('/')}/*`
  return segments.length > 1 ? `/${segments[0]}/*` : page.path
}
