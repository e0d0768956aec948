// The pictures the pages name, cached by key so each is drawn once, on threads (card-worker.ts) while the pages render.
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { CARDS_URL, type DrawnImage } from '../lib/universal/seo/social'
import { JUST_LINK, type Placer } from './output'

const WORKER = new URL('./card-worker.ts', import.meta.url)
/** Node 20 does not give a worker thread its parent's module loader: this entry registers tsx's, then imports the worker. */
const TYPESCRIPT_WORKER = new URL('../lib/node/typescript-worker.mjs', import.meta.url)

/** A card thread holds a few MB of live objects, but V8's default young generation lets each grow far past that. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 }

export type CardJob = DrawnImage & { file: string }
export type CardDone = { key: string; error?: string }

export class CardDrawFailed extends Error {
  override name = 'CardDrawFailed'
}

export class CardStage {
  drawn = 0
  reused = 0
  private readonly queue: Array<{ job: CardJob; done: (error?: Error) => void }> = []
  private readonly idle: Array<() => void> = []
  private readonly workers: Worker[] = []
  private readonly wanted = new Set<string>()
  private readonly pending: Array<Promise<void>> = []
  private readonly folder: string
  private failure: Error | undefined
  private folderMade = false

  /** `size` threads draw at first: one while the render workers fill the cores, more once they are done (grow). */
  constructor(
    private readonly cacheDir: string,
    clientDir: string,
    private readonly fresh: boolean,
    private size = 1,
    private readonly output: Placer = JUST_LINK,
  ) {
    this.folder = join(clientDir, CARDS_URL.slice(1))
    mkdirSync(cacheDir, { recursive: true })
  }

  grow(size: number): void {
    this.size = Math.max(this.size, size)
    while (this.workers.length < this.size && this.queue.length > 0) this.start()
  }

  private draw(job: CardJob): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, done: (error) => (error ? reject(error) : resolve()) })
      if (this.idle.length > 0) this.idle.pop()!()
      else if (this.workers.length < this.size) this.start()
    })
  }

  private start(): void {
    const worker = new Worker(TYPESCRIPT_WORKER, { workerData: { entry: WORKER.href }, execArgv: [], resourceLimits: WORKER_LIMITS })
    this.workers.push(worker)
    let current: ((error?: Error) => void) | undefined
    const next = () => {
      const waiting = this.queue.shift()
      current = waiting?.done
      if (waiting) worker.postMessage(waiting.job)
      else this.idle.push(next)
    }
    worker.on('message', ({ key, error }: CardDone) => {
      current!(error === undefined ? undefined : new CardDrawFailed(`drawing ${CARDS_URL}${key}.png: ${error}`))
      next()
    })
    // A worker that stops fails its picture and every one still waiting: no picture is left unanswered.
    const stopped = (why: string) => {
      const failure = new CardDrawFailed(`a card worker stopped: ${why}`)
      current?.(failure)
      current = undefined
      for (const { done } of this.queue.splice(0)) done(failure)
    }
    worker.on('error', (error) => stopped(error.stack ?? error.message))
    worker.on('exit', (code) => {
      if (current || this.queue.length > 0) stopped(`exit ${code}`)
    })
    next()
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0)
    for (const worker of workers) worker.removeAllListeners('exit')
    await Promise.all(workers.map((worker) => worker.terminate()))
  }

  get count(): number {
    return this.wanted.size
  }

  need(drawn: readonly DrawnImage[] | undefined): void {
    for (const image of drawn ?? []) {
      if (this.wanted.has(image.key)) continue
      this.wanted.add(image.key)
      if (!this.fresh && this.publishCached(image.key)) {
        this.reused++
        continue
      }
      const published = () => {
        this.publish(image.key)
        this.drawn++
      }
      this.pending.push(this.draw({ ...image, file: this.fileOf(image.key) }).then(published, (error: Error) => void (this.failure ??= error)))
    }
  }

  /** Throws the first failure. */
  async finish(): Promise<void> {
    await Promise.all(this.pending)
    await this.close()
    if (this.failure) throw this.failure
  }

  prune(): void {
    for (const name of readdirSync(this.cacheDir))
      if (!(name.endsWith('.png') && this.wanted.has(name.slice(0, -'.png'.length)))) rmSync(join(this.cacheDir, name), { force: true })
  }

  private fileOf(key: string): string {
    return join(this.cacheDir, `${key}.png`)
  }

  /** False when there is none: linking is the check, one call to the disk, not two. */
  private publishCached(key: string): boolean {
    try {
      this.publish(key)
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
      throw error
    }
  }

  private publish(key: string): void {
    if (!this.folderMade) mkdirSync(this.folder, { recursive: true })
    this.folderMade = true
    this.output.place(this.fileOf(key), join(this.folder, `${key}.png`))
  }
}
