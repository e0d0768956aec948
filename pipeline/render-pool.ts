// The build's render workers: one process each (one per core at most), sharing the pages chunk by chunk.
import { fork, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, stop } from 'esbuild'
import type { BuildSettings } from '../lib/node/build-settings.server'
import type { ContentIndex } from '../lib/universal/content/types'
import type { FromWorker, PageJob, Rendered, ToWorker } from './protocol'
import { NODE_MODULE } from './server-bundle'

/** Pages sent to a worker at once: large enough that messages cost nothing, small enough to share the work evenly. */
const CHUNK = 50
const WORKER = fileURLToPath(new URL('./render-worker.ts', import.meta.url))

export class RenderFailed extends Error {
  override name = 'RenderFailed'
}

type Worker = { child: ChildProcess; next: (message: FromWorker) => void }

/** `booted`: whether `ready` has settled; a worker stopped before then is killed. */
type Started = { child?: ChildProcess; ready: Promise<Worker>; booted: boolean; stopped?: true }

export class RenderPool {
  private readonly workers: Started[] = []

  constructor(
    private readonly args: {
      serverEntry: string
      /** Settles when `serverEntry` exists, with the settings every page is rendered with. */
      serverReady: Promise<BuildSettings>
      clientDir: string
      pagesCacheDir: string
      /** Inside the project; removed by close(). */
      workerDir: string
      /** With the settings when a kept bundle is in place, undefined when `vike build` makes it: workers fork then. */
      bundleKnown: Promise<BuildSettings | undefined>
      /** The build's other use of esbuild: stop() would leave a build running on the shared service unsettled forever. */
      esbuildFree: Promise<unknown>
    },
  ) {}

  private compiled: Promise<string> | undefined

  /** Compiled once, so each worker starts with plain `node` (under tsx each compiled the same files again). */
  private compiledWorker(): Promise<string> {
    if (!this.compiled) {
      const outfile = join(this.args.workerDir, 'render-worker.mjs')
      this.compiled = build({ entryPoints: [WORKER], outfile, ...NODE_MODULE }).then(() => outfile)
      // Its idle service would otherwise stay (tens of MB) beside the render workers until the build ends.
      void Promise.allSettled([this.compiled, this.args.esbuildFree]).then(() => stop())
    }
    return this.compiled
  }

  private start(): Started {
    const started = { booted: false } as Started
    started.ready = Promise.all([this.compiledWorker(), this.args.bundleKnown]).then(([compiled, settings]) => {
      if (started.stopped) throw new Error('a render worker was stopped before it started')
      // Given the settings, it loads the bundle once booted, without waiting for this busy thread to answer it.
      const given = settings ? [JSON.stringify(settings)] : []
      const child = fork(compiled, [this.args.serverEntry, this.args.clientDir, this.args.pagesCacheDir, ...given], {
        // One page at a time: a small heap collects early; the workers fill every core, so GC helper threads would only take turns.
        execArgv: ['--enable-source-maps', '--max-old-space-size=256', '--max-semi-space-size=32', '--single-threaded-gc'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
      started.child = child
      return new Promise<Worker>((resolve, reject) => {
        const worker: Worker = { child, next: () => {} }
        child.on('message', (message: FromWorker) => {
          if (message.type === 'booted')
            void this.args.serverReady.then(
              (settings) => child.connected && child.send({ type: 'load', settings } satisfies ToWorker),
              () => {},
            )
          else if (message.type === 'ready') resolve(worker)
          else worker.next(message)
        })
        const failed = (error: Error) => {
          reject(error)
          worker.next({ type: 'failed', url: '(worker)', message: error.message })
        }
        child.on('exit', (code, signal) => failed(new Error(`a render worker stopped (exit ${code ?? signal})`)))
        // A message to a worker that has just exited cannot be written: its exit is what the build hears of.
        child.on('error', (error) => {
          if (child.exitCode === null && child.signalCode === null && !child.killed) failed(error)
        })
      })
    })
    const booted = () => void (started.booted = true)
    // Failures surface where the worker is used; a worker started ahead of time may not be yet.
    started.ready.then(booted, booted)
    return started
  }

  private worker(index: number): Promise<Worker> {
    while (this.workers.length <= index) this.workers.push(this.start())
    return this.workers[index]!.ready
  }

  private ask(worker: Worker, message: ToWorker): Promise<FromWorker> {
    return new Promise((resolve) => {
      worker.next = resolve
      worker.child.send(message)
    })
  }

  warm(count: number): void {
    if (count > 0) void this.worker(count - 1).catch(() => {})
  }

  /** The route strings of every page folder (`/`, `/topics/@slug`, …). */
  async routes(): Promise<string[]> {
    const answer = await this.ask(await this.worker(0), { type: 'routes' })
    if (answer.type !== 'routes') throw new RenderFailed(`(routes): ${answer.type === 'failed' ? answer.message : answer.type}`)
    return answer.routes
  }

  /** Renders every job on up to `workers` processes; `onPage` hears of each once it is written, or could not be. */
  async render(jobs: readonly PageJob[], workers: number, listed: ContentIndex | undefined, onPage: (rendered: Rendered) => void): Promise<void> {
    if (jobs.length === 0) return
    // Workers this call does not need exit first: their memory would sit beside the one rendering `/topics`.
    await this.stop(this.workers.splice(Math.max(1, workers)))
    let next = 0
    const run = async (index: number) => {
      const worker = await this.worker(index)
      while (next < jobs.length) {
        const chunk = jobs.slice(next, next + CHUNK)
        next += chunk.length
        const asked = this.ask(worker, { type: 'render', jobs: chunk, ...(listed && { index: listed }) })
        // Sent (and copied), a topic's parse is let go of, or it would stay until every page is rendered.
        for (const job of chunk) delete job.read
        const answer = await asked
        if (answer.type === 'failed') throw new RenderFailed(`${answer.url}: ${answer.message}`)
        if (answer.type !== 'rendered') throw new RenderFailed(`${chunk[0]!.url}: unexpected answer ${answer.type}`)
        for (const rendered of answer.pages) onPage(rendered)
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, workers) }, (_, index) => run(index)))
  }

  /** For a build that exits on a failure: a worker still rendering would write into the next build's output. */
  killAll(): void {
    for (const { child } of this.workers) child?.kill('SIGKILL')
  }

  async close(): Promise<void> {
    await this.stop(this.workers.splice(0))
    // A compile still running would write its file after the folder is gone.
    await this.compiled?.catch(() => {})
    rmSync(this.args.workerDir, { recursive: true, force: true })
  }

  private async stop(workers: Started[]): Promise<void> {
    await Promise.all(
      workers.map(async (started) => {
        started.stopped = true
        const { child, booted } = started
        if (!child || child.exitCode !== null || child.signalCode !== null) return
        child.removeAllListeners('exit')
        const exited = new Promise((resolve) => child.once('exit', resolve))
        // A ready worker is asked to exit; one still booting has nothing to finish.
        if (booted) child.send({ type: 'exit' } satisfies ToWorker)
        else child.kill()
        await exited
      }),
    )
  }
}
