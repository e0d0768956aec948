// One line per build phase. On a terminal the line updates in place with a bar, a percentage and
// the count; elsewhere (CI, a pipe) each phase prints one plain line when it ends.

const BAR = 24
const REDRAW_MS = 100

const count = (n: number) => n.toLocaleString('en-US')

export interface Phase {
  /** `done` more items of the phase's total are finished. */
  advance(done?: number): void
  /** Ends the phase's line with what it did: `10,041 pages (9,998 from the cache)`. */
  end(summary: string): void
}

export function phase(
  name: string,
  total: number,
  { live: canBeLive = true, stream = process.stdout }: { live?: boolean; stream?: NodeJS.WriteStream } = {},
): Phase {
  const started = performance.now()
  const live = canBeLive && stream.isTTY === true
  let done = 0
  let drawn = 0
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
    end(summary) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      stream.write(`${live ? '\r\x1b[2K' : ''}${label} ${summary} in ${seconds} s\n`)
    },
  }
}

export { count }
