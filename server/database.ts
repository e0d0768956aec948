// The store's connection to SQLite. A local file lives in a worker thread: SQLite's calls are synchronous, and a wait for
// another process's lock must never stop the event loop. A libSQL server's client (`libsql://`, `http(s)://`) never blocks.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { Worker } from 'node:worker_threads'
import { createClient, type Client, type InValue, type ResultSet } from '@libsql/client'
import { MIGRATIONS, migrate, type Migration } from './migrations'
import { BUSY_TIMEOUT_MS } from './store'

export type Statement = { sql: string; args?: InValue[] }
export type Result = { rows: Array<Record<string, unknown>>; rowsAffected: number; lastInsertRowid: number | undefined }

export interface Database {
  /** A query that changes nothing: it never waits for the write lock. */
  read(statement: Statement | string): Promise<Result>
  /** A change, committed (and synced to disk) before the promise resolves. */
  write(statement: Statement | string): Promise<Result>
  /** Copies the write-ahead log into the file and truncates it, so nothing deleted is left in it; undefined for a libSQL server. */
  checkpoint(): Promise<Checkpoint | undefined>
  close(): Promise<void>
}

/** What `PRAGMA wal_checkpoint(TRUNCATE)` did: `busy` when another connection kept the log past the busy timeout, so it was not truncated. */
export type Checkpoint = { busy: boolean }

export const DEFAULT_DATABASE_URL = 'file:data/site.db'

/** The file a `file:` database URL names, without its `?mode=…` query; undefined for a remote database. */
export const databaseFileOf = (url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL) =>
  url.startsWith('file:') ? url.slice('file:'.length).replace(/\?.*$/, '') : undefined

export type OpenOptions = { migrations?: readonly Migration[] }

export async function openDatabase(url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL, { migrations = MIGRATIONS }: OpenOptions = {}): Promise<Database> {
  const file = databaseFileOf(url)
  if (file === undefined) {
    const client = await connect(url, migrations)
    const run = async (statement: Statement | string) => plainResult(await client.execute(statement))
    return { read: run, write: run, checkpoint: async () => undefined, close: async () => client.close() }
  }
  mkdirSync(dirname(file), { recursive: true })
  return WorkerDatabase.start({ url, migrations })
}

// WAL: readers never wait for the writer; full sync: an answered record survives a power cut. busy_timeout comes first:
// another process opening the same new file may hold the lock while it switches to WAL or migrates.
export async function connect(url: string, migrations: readonly Migration[]): Promise<Client> {
  // One connection: the PRAGMAs are per connection, and the worker runs one statement at a time anyway.
  const client = createClient({ url, concurrency: 1 })
  try {
    if (url.startsWith('file:'))
      for (const pragma of [`busy_timeout = ${BUSY_TIMEOUT_MS}`, 'journal_mode = WAL', 'synchronous = FULL', 'secure_delete = ON'])
        await client.execute(`PRAGMA ${pragma}`)
    await migrate(client, migrations)
  } catch (error) {
    client.close()
    throw error
  }
  return client
}

export function plainResult(result: ResultSet): Result {
  return {
    rows: result.rows.map((row) => Object.fromEntries(result.columns.map((column, index) => [column, row[index]]))),
    rowsAffected: result.rowsAffected,
    lastInsertRowid: result.lastInsertRowid === undefined ? undefined : Number(result.lastInsertRowid),
  }
}

export type WorkerOptions = { url: string; migrations: readonly Migration[] }
export type Request = { id: number; kind: 'read' | 'write' | 'checkpoint'; statement: Statement | string }
export type Failure = { message: string; code?: string }
export type Reply = { id: number; result: Result } | { id: number; error: Failure }
export type FromWorker = { ready: true } | { failed: Failure } | Reply[]

const asError = (failure: Failure): Error => Object.assign(new Error(failure.message), failure.code === undefined ? {} : { code: failure.code })

class WorkerDatabase implements Database {
  private nextId = 1
  private readonly waiting = new Map<number, { resolve: (result: Result) => void; reject: (error: Error) => void }>()
  /** Requests made in this turn of the event loop, posted to the worker together. */
  private outgoing: Request[] = []
  private exited: Error | undefined

  private constructor(private readonly worker: Worker) {}

  static start(options: WorkerOptions): Promise<WorkerDatabase> {
    // Compiled, database-worker.mjs beside this bundle; from source, database-worker.ts through lib/node/typescript-worker.mjs.
    const thread = new URL(import.meta.url.endsWith('.ts') ? '../lib/node/typescript-worker.mjs' : './database-worker.mjs', import.meta.url)
    const worker = new Worker(thread, { workerData: { entry: new URL('./database-worker.ts', import.meta.url).href, data: options }, execArgv: [] })
    const database = new WorkerDatabase(worker)
    return new Promise((resolve, reject) => {
      worker.once('message', (message: FromWorker) => {
        if ('failed' in message) {
          // Rejected once the thread is gone, and its SQLite connections with it: whoever opens the file next finds it free.
          void worker.terminate().finally(() => reject(asError(message.failed)))
          return
        }
        worker.on('message', (replies: Reply[]) => database.settle(replies))
        // Idle, the worker does not keep the process alive; while a request waits, it does (see request()).
        worker.unref()
        resolve(database)
      })
      worker.once('error', reject)
      worker.once('exit', (code) => database.fail(new Error(`The database worker stopped (exit code ${code}).`)))
    })
  }

  read = (statement: Statement | string) => this.request('read', statement)
  write = (statement: Statement | string) => this.request('write', statement)

  async checkpoint(): Promise<Checkpoint> {
    // Its row is (busy, log, checkpointed); no row counts as busy.
    return { busy: Number((await this.request('checkpoint', 'PRAGMA wal_checkpoint(TRUNCATE)')).rows[0]?.busy ?? 1) !== 0 }
  }

  async close(): Promise<void> {
    if (this.exited) return
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()))
    this.flush()
    this.worker.postMessage('close')
    this.worker.ref()
    await exited
  }

  private request(kind: Request['kind'], statement: Statement | string): Promise<Result> {
    if (this.exited) return Promise.reject(this.exited)
    const id = this.nextId++
    if (this.waiting.size === 0) this.worker.ref()
    if (this.outgoing.length === 0) queueMicrotask(() => this.flush())
    this.outgoing.push({ id, kind, statement })
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }))
  }

  private flush(): void {
    if (this.outgoing.length === 0) return
    this.worker.postMessage(this.outgoing)
    this.outgoing = []
  }

  private settle(replies: Reply[]): void {
    for (const reply of replies) {
      const waiter = this.waiting.get(reply.id)
      this.waiting.delete(reply.id)
      if ('result' in reply) waiter?.resolve(reply.result)
      else waiter?.reject(asError(reply.error))
    }
    if (this.waiting.size === 0) this.worker.unref()
  }

  private fail(error: Error): void {
    this.exited = error
    for (const waiter of this.waiting.values()) waiter.reject(error)
    this.waiting.clear()
  }
}
