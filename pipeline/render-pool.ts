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

/** `<url>: <why>`. */
export class RenderFailed extends Error {
  override name = 'RenderFailed'
}

type Worker = { child: ChildProcess; next: (message: FromWorker) => void }

/** A worker's process from the moment it is forked, and the worker once it has loaded the bundle. */
interface Started {
  /** Undefined until the compiled worker is written. */
  child?: ChildProcess
  ready: Promise<Worker>
  /** Whether `ready` has settled: a worker stopped before then (a warm one no page needed) is killed. */
  booted: boolean
  /** Stopped before its process was forked: it never will be. */
  stopped?: true
}

export class RenderPool {
  private readonly workers: Started[] = []

  constructor(
    private readonly args: {
      serverEntry: string
      /** Settles when `serverEntry` exists, with the settings the workers render every page with: a worker may start before. */
      serverReady: Promise<BuildSettings>
      clientDir: string
      pagesCacheDir: string
      /** Where the compiled worker is written (a folder inside the project), and removed from by close(). */
      workerDir: string
      /**
       * Settles once the build knows how it gets the bundle: with the settings when the bundle is in place (a
       * kept one, copied at once), undefined when `vike build` makes it. A worker is forked then, not before.
       */
      bundleKnown: Promise<BuildSettings | undefined>
      /**
       * Settles when the build's other use of esbuild is over. esbuild's stop() leaves a build still running
       * on its shared service unsettled forever, so the service is stopped once both are done.
       */
      esbuildFree: Promise<unknown>
    },
  ) {}

  private compiled: Promise<string> | undefined

  /**
   * The worker compiled once, inside the project, so each worker starts with plain `node` (under tsx each
   * compiled the same files again); by esbuild's own process, beside the code's digests, while this one
   * reads the content.
   */
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
      // Given the settings (the bundle is in place), the worker loads the bundle as soon as it has booted: it is
      // then ready without waiting for this thread, busy for a second reading topics and linking pages, to answer it.
      // Else it boots while `vike build` runs, and is sent them once the bundle is made.
      const given = settings ? [JSON.stringify(settings)] : []
      const child = fork(compiled, [this.args.serverEntry, this.args.clientDir, this.args.pagesCacheDir, ...given], {
        // A worker holds one page at a time: a small heap makes V8 collect early instead of growing with the
        // number of pages. The workers fill every core, so V8's helper threads for collecting would only take turns with them.
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
        // A message to a worker that has just exited (a warm one stopped while the bundle was made) cannot be
        // written: its exit is what the build hears of, or nothing, when the build stopped it.
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

  /** Starts `count` workers now, so that they are ready when the pages are. */
  warm(count: number): void {
    if (count > 0) void this.worker(count - 1).catch(() => {})
  }

  /** The route strings of every page folder (`/`, `/blog`, `/topics/@slug`, …), from the server bundle. */
  async routes(): Promise<string[]> {
    const answer = await this.ask(await this.worker(0), { type: 'routes' })
    if (answer.type !== 'routes') throw new RenderFailed(`(routes): ${answer.type === 'failed' ? answer.message : answer.type}`)
    return answer.routes
  }

  /** Renders every job on up to `workers` processes; `onPage` hears of each once it is written, or could not be. */
  async render(jobs: readonly PageJob[], workers: number, listed: ContentIndex | undefined, onPage: (rendered: Rendered) => void): Promise<void> {
    if (jobs.length === 0) return
    // Workers this call does not need (the few listing pages after the topics) exit first: their
    // memory would otherwise sit beside the one rendering `/topics`, the largest page of a big site.
    await this.stop(this.workers.splice(Math.max(1, workers)))
    let next = 0
    const run = async (index: number) => {
      const worker = await this.worker(index)
      while (next < jobs.length) {
        const chunk = jobs.slice(next, next + CHUNK)
        next += chunk.length
        const asked = this.ask(worker, { type: 'render', jobs: chunk, ...(listed && { index: listed }) })
        // Sent, a topic's parse is the worker's (send copies it at once): the build lets go of its own, which
        // would otherwise stay in memory until every page is rendered.
        for (const job of chunk) delete job.read
        const answer = await asked
        if (answer.type === 'failed') throw new RenderFailed(`${answer.url}: ${answer.message}`)
        if (answer.type !== 'rendered') throw new RenderFailed(`${chunk[0]!.url}: unexpected answer ${answer.type}`)
        for (const rendered of answer.pages) onPage(rendered)
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, workers) }, (_, index) => run(index)))
  }

  /**
   * Kills every worker at once, for a build that exits on a failure: a worker still rendering its chunk
   * would otherwise write pages after the build has gone, into the next build's output.
   */
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
