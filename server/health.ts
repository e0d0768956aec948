import { open, type FileHandle } from 'node:fs/promises'
import type { Context } from 'hono'
import { CACHE_CONTROL } from '../lib/universal/routes'
import { BUSY_TIMEOUT_MS, DEFAULT_DATABASE_URL } from './database'
import type { OutboxRows } from './outbox-rows'
import type { Store } from './store'

// GET /healthz, for a load balancer or an uptime check: `{"status":"ok"}` (200) while the database can
// be read, `{"status":"fail"}` (503) otherwise, and nothing more to the public; why it fails is logged on
// the server. The answer is the last result of a check that runs in the background (at start, with
// SQLite's own quick_check of the whole file, then every few seconds), so it comes at once whatever holds
// the database's lock. Mounted by server/index.ts through createApp's `health` option. The outbox's
// backlog is the operator's to read, with `npm run outbox`.

/** What the checks read: the whole file's check at start, then the outbox's backlog. */
type CheckedStore = Pick<Store, 'quickCheck'> & { outbox: Pick<OutboxRows, 'backlog'> }

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1')

export interface HealthCheckOptions {
  /** The database's file when it is local (see databaseFileOf): its header is read from disk on each check. */
  databaseFile?: string
  /** How often the check runs after the first. */
  intervalMs?: number
  /**
   * A check still not done after this counts as failing. Longer than one wait for another process's lock
   * (BUSY_TIMEOUT_MS): a read queued behind a write that waits for it is slow, not failing.
   */
  timeoutMs?: number
  /** Where the reasons go (a failure, a recovery); the server's console by default. */
  log?: (line: string) => void
}

export const HEALTH_CHECK_INTERVAL_MS = 5_000
export const HEALTH_CHECK_TIMEOUT_MS = BUSY_TIMEOUT_MS + 1_000

/** The file of a local database URL (`file:<path>`, as server/database.ts opens it); undefined for a remote one. */
export function databaseFileOf(url: string = process.env.DATABASE_URL || DEFAULT_DATABASE_URL): string | undefined {
  return url.startsWith('file:') ? url.slice('file:'.length) : undefined
}

/** Why the file is not an SQLite database, read from disk (an open connection may still serve pages it cached); undefined when its header is right. */
async function headerProblem(file: FileHandle, path: string): Promise<string | undefined> {
  const { buffer, bytesRead } = await file.read(Buffer.alloc(SQLITE_HEADER.length), 0, SQLITE_HEADER.length, 0)
  return bytesRead === SQLITE_HEADER.length && buffer.equals(SQLITE_HEADER) ? undefined : `${path} does not start with SQLite's header`
}

/**
 * The database's health, checked in the background: `healthy` is the last check's outcome. A check reads
 * the local file's header from disk and queries the database (the first one runs `PRAGMA quick_check`,
 * every page of the file); it fails when either fails or when it is not done within `timeoutMs`. Only one
 * check runs at a time: a slow one is not joined by others piling up behind it. `stop()` ends the checks
 * (before the store closes); `close()` lets go of the file (after the store has closed).
 *
 * The file is opened once and kept open until then. Closing any descriptor of a file drops every POSIX
 * lock the process holds on it, SQLite's own included: another process opening the database would then
 * take it for unused and, on closing, checkpoint and delete the write-ahead log under the running
 * server, whose later commits would go to a deleted file and be lost.
 */
export class HealthChecks {
  private status: { healthy: boolean; reason: string } | undefined
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = false
  private firstOutcome: () => void = () => undefined
  /** The local database file, open from start() to close(); undefined for a remote database, or when it could not be opened. */
  private file: FileHandle | undefined

  private constructor(
    private readonly store: CheckedStore,
    private readonly options: Required<Omit<HealthCheckOptions, 'databaseFile'>> & Pick<HealthCheckOptions, 'databaseFile'>,
  ) {}

  /** Starts the checks; resolves once the first has an outcome (done, or past its bound). */
  static async start(store: CheckedStore, options: HealthCheckOptions = {}): Promise<HealthChecks> {
    const checks = new HealthChecks(store, {
      databaseFile: options.databaseFile,
      intervalMs: options.intervalMs ?? HEALTH_CHECK_INTERVAL_MS,
      timeoutMs: options.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS,
      log: options.log ?? ((line) => console.error(line)),
    })
    const first = new Promise<void>((resolve) => (checks.firstOutcome = resolve))
    if (options.databaseFile !== undefined) checks.file = await open(options.databaseFile, 'r').catch(() => undefined)
    checks.check(true)
    checks.timer = setInterval(() => checks.check(false), checks.options.intervalMs)
    checks.timer.unref()
    await first
    return checks
  }

  get healthy(): boolean {
    return this.status?.healthy ?? false
  }

  /** Ends the checks and waits for one under way; call it before the store closes. */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.running
  }

  /** Closes the database file; call it only once the store has closed (see the class's comment). */
  async close(): Promise<void> {
    await this.file?.close()
    this.file = undefined
  }

  private check(thorough: boolean): void {
    if (this.running || this.stopped) return
    const bound = setTimeout(() => this.record(false, `the check is not done after ${this.options.timeoutMs} ms`), this.options.timeoutMs)
    bound.unref()
    this.running = this.problem(thorough)
      .then(
        (problem) => this.record(problem === undefined, problem),
        (error: unknown) => this.record(false, String((error as Error)?.message ?? error)),
      )
      .finally(() => {
        clearTimeout(bound)
        this.running = undefined
      })
  }

  private async problem(thorough: boolean): Promise<string | undefined> {
    const path = this.options.databaseFile
    if (path !== undefined) {
      if (this.file === undefined) return `${path} cannot be opened`
      const header = await headerProblem(this.file, path)
      if (header) return header
    }
    if (thorough) {
      const problems = await this.store.quickCheck().catch((error: unknown) => [String((error as Error)?.message ?? error)])
      if (problems.length > 0) return `PRAGMA quick_check: ${problems.slice(0, 5).join('; ')}`
    } else {
      // Reads the outbox's tables: throws when the database cannot be read.
      await this.store.outbox.backlog()
    }
    return undefined
  }

  /** Keeps a check's outcome; logs a failure's reason when it starts or changes, and the recovery. */
  private record(healthy: boolean, reason = 'ok'): void {
    if (this.stopped) return
    const before = this.status
    this.status = { healthy, reason }
    this.firstOutcome()
    if (!healthy && (before?.healthy !== false || before.reason !== reason)) this.options.log(`health check failing: ${reason}`)
    if (healthy && before?.healthy === false) this.options.log('health check ok again')
  }
}

/** The Hono handler for HEALTH_PATH: the last check's outcome, at once. */
export function healthHandler(checks: Pick<HealthChecks, 'healthy'>) {
  return (c: Context) => {
    c.header('Cache-Control', CACHE_CONTROL.live)
    return checks.healthy ? c.json({ status: 'ok' }, 200) : c.json({ status: 'fail' }, 503)
  }
}
