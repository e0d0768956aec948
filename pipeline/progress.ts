// What the build prints: one line per build phase (on a terminal the line updates in place with a bar, a
// percentage and the count; elsewhere, CI or a pipe, each phase prints one plain line when it ends), then
// its summary: its pages by kind, how many were rendered or reused and how fast, and what it left out or
// what a host's limit on old URLs would cut.
import type { BuiltPage } from '../lib/node/built-pages.server'
import { leftOutSummary, type LeftOut } from '../lib/node/publication.server'
import { redirectLimitWarning } from '../lib/node/redirects.server'
import type { Redirect } from '../lib/universal/routes'

const BAR = 24
const REDRAW_MS = 100

export const count = (n: number) => n.toLocaleString('en-US')

export interface Phase {
  /** `done` more items of the phase's total are finished. */
  advance(done?: number): void
  /** The phase has `more` items than it was started with: some are known only as it goes. */
  grow(more: number): void
  /** Ends the phase's line with what it did: `10,041 pages (9,998 from the cache)`. */
  end(summary: string): void
}

export function phase(
  name: string,
  startTotal: number,
  { live: canBeLive = true, stream = process.stdout }: { live?: boolean; stream?: NodeJS.WriteStream } = {},
): Phase {
  const started = performance.now()
  const live = canBeLive && stream.isTTY === true
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
    advance(step = 1) {
      done += step
      if (live && performance.now() - drawn > REDRAW_MS) draw()
    },
    grow(more) {
      total += more
    },
    end(summary) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      stream.write(`${live ? '\r\x1b[2K' : ''}${label} ${summary} in ${seconds} s\n`)
    },
  }
}

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

/** `/topics/x` → `/topics/*`, `/topics/page/2` → `/topics/page/*`, `/blog` → `/blog`, the 404 page → `404`: the kinds the summary counts. */
function pageKind(page: BuiltPage): string {
  if (page.path === null) return '404'
  const segments = page.path.split('/').filter(Boolean)
  if (segments.length > 2) return `/${segments.slice(0, -1).join('/')}/*`
  return segments.length > 1 ? `/${segments[0]}/*` : page.path
}
