// Lighthouse's simulated throttling multiplies how long each of the page's main-thread tasks took. On a
// shared virtual machine that wall time also counts the moments the host did not run the thread, and
// they land on tasks at random. The thread's own CPU time (`tdur` in the trace) is what the page cost,
// so a recorded trace is rewritten to it before the audit: each task lasts its CPU time, and the slices
// inside it are compressed in proportion, so the nesting Lighthouse checks still holds. Every task keeps
// its start, and marks (such as the first paint) keep their time, so what happened before what is unchanged.

/** A trace event as Chromium writes it: times in µs, `dur` wall time, `tdur` the thread's CPU time. */
export interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

type Task = TraceEvent & { dur: number; tdur: number }

/** The phases of events that span time (complete, begin, end); the others are marks. */
const SLICE_PHASES = new Set(['X', 'B', 'E'])

const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`

/** The page's top-level tasks, in order: those of the renderer main thread that spent the longest in tasks (the others hold about:blank). */
function pageTasks(events: readonly TraceEvent[]): { thread: string; tasks: Task[] } | undefined {
  const rendererMains = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map(threadOf))
  const byThread = new Map<string, Task[]>()
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || !event.dur || event.tdur === undefined || !rendererMains.has(threadOf(event))) continue
    const thread = byThread.get(threadOf(event)) ?? []
    thread.push(event as Task)
    byThread.set(threadOf(event), thread)
  }
  const wall = (tasks: Task[]) => tasks.reduce((sum, task) => sum + task.dur, 0)
  const [thread, tasks] = [...byThread].sort((a, b) => wall(b[1]) - wall(a[1]))[0] ?? []
  if (!thread || !tasks) return undefined
  // A task run inside another (a nested run loop) is part of its parent's time.
  const topLevel: Task[] = []
  for (const task of [...tasks].sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    const last = topLevel.at(-1)
    if (!last || task.ts >= last.ts + last.dur) topLevel.push(task)
  }
  return { thread, tasks: topLevel }
}

/**
 * The trace with each of the page's main-thread tasks lasting its CPU time, and the share of its tasks'
 * wall time in which the thread ran (1: the host never held it up), for the report.
 */
export function onThreadTime(events: readonly TraceEvent[]): { events: TraceEvent[]; cpuShare: number | undefined } {
  const page = pageTasks(events)
  if (!page) return { events: [...events], cpuShare: undefined }
  const { thread, tasks } = page
  const starts = tasks.map((task) => task.ts)
  const rewritten = events.map((event) => {
    if (threadOf(event) !== thread || !SLICE_PHASES.has(event.ph)) return event
    // The last task that starts at or before the event (binary search), if the event lies within it.
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = Math.ceil((low + high) / 2)
      if (starts[middle]! <= event.ts) low = middle
      else high = middle - 1
    }
    const task = tasks[low]!
    if (event.ts < task.ts || event.ts > task.ts + task.dur || task.tdur >= task.dur) return event
    const scale = task.tdur / task.dur
    return { ...event, ts: task.ts + (event.ts - task.ts) * scale, ...(event.dur === undefined ? {} : { dur: event.dur * scale }) }
  })
  const cpu = tasks.reduce((sum, task) => sum + Math.min(task.tdur, task.dur), 0)
  const wall = tasks.reduce((sum, task) => sum + task.dur, 0)
  return { events: rewritten, cpuShare: cpu / wall }
}
