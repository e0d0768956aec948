import { describe, expect, it } from 'vitest'
import { onThreadTime, type TraceEvent } from '../../lib/checks/thread-time'

const thread = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } })
const event = (name: string, pid: number, ts: number, dur: number, tdur?: number): TraceEvent => ({
  name,
  ph: 'X',
  pid,
  tid: 1,
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
})

/** The page's renderer (pid 2) and about:blank's (pid 1), each with a main thread. */
const TRACE: TraceEvent[] = [
  thread(1, 1, 'CrRendererMain'),
  thread(2, 1, 'CrRendererMain'),
  event('RunTask', 1, 0, 1_000, 1_000),
  // A task of 100 ms that ran for 40 ms: a layout inside it from 20 ms to 70 ms.
  event('RunTask', 2, 10_000, 100_000, 40_000),
  event('Layout', 2, 30_000, 50_000, 20_000),
  { name: 'firstContentfulPaint', ph: 'I', pid: 2, tid: 1, ts: 90_000 },
  // A task that ran all its time is left as it is.
  event('RunTask', 2, 200_000, 30_000, 30_000),
  event('ParseHTML', 2, 205_000, 10_000, 10_000),
  // Another thread of the same process is never touched.
  { ...event('RunTask', 2, 10_000, 100_000, 5_000), tid: 7 },
]

describe("a trace on the page's CPU time", () => {
  const { events, cpuShare } = onThreadTime(TRACE)
  const find = (name: string, pid = 2, tid = 1) => events.find((each) => each.name === name && each.pid === pid && each.tid === tid)

  it("makes each of the page's main-thread tasks last its CPU time, starting when it started", () => {
    expect(events.filter((each) => each.name === 'RunTask' && each.pid === 2 && each.tid === 1).map(({ ts, dur }) => [ts, dur])).toEqual([
      [10_000, 40_000],
      [200_000, 30_000],
    ])
  })

  it('compresses the slices inside a task in proportion, so they still nest inside it; a mark keeps its time', () => {
    expect(find('Layout')).toMatchObject({ ts: 18_000, dur: 20_000 })
    expect(find('firstContentfulPaint')).toMatchObject({ ts: 90_000 })
    expect(find('ParseHTML')).toMatchObject({ ts: 205_000, dur: 10_000 })
  })

  it("leaves other threads and about:blank's renderer alone", () => {
    expect(find('RunTask', 2, 7)).toMatchObject({ ts: 10_000, dur: 100_000 })
    expect(find('RunTask', 1)).toMatchObject({ ts: 0, dur: 1_000 })
  })

  it("reports the share of its tasks' wall time the page's thread ran", () => {
    expect(cpuShare).toBeCloseTo(70_000 / 130_000)
  })

  it('changes nothing when the trace has no thread times', () => {
    const untimed = TRACE.map(({ tdur: _tdur, ...rest }) => rest)
    expect(onThreadTime(untimed)).toEqual({ events: untimed, cpuShare: undefined })
  })
})
