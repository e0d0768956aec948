// GET /healthz: 200 or 503 at once, whatever holds the lock, from the last background check and whether the last write failed (why is logged).
import { open, type FileHandle } from 'node:fs/promises'
import type { Context } from 'hono'
import { CACHE_CONTROL } from '../lib/universal/routes'
import { BUSY_TIMEOUT_MS, type Store } from './store'

type CheckedStore = Pick<Store, 'quickCheck' | 'backlog' | 'probeWrite' | 'writeFailure'>

/** `PRAGMA quick_check` reads every page: it runs at start, at each check while it fails, and this often otherwise. */
const INTEGRITY_CHECK_MS = 60 * 60_000

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1')

interface HealthCheckOptions {
  databaseFile?: string
  /** Also how often, while writes fail, the check probes with a write of its own. */
  intervalMs?: number
  /** Longer than one wait for another process's lock, which is slow, not failing. */
  timeoutMs?: number
  log?: (line: string) => void
}

// The file (its header read from disk, not a connection's cache) stays open until the store has closed: closing any descriptor drops
// the process's POSIX locks, SQLite's too, and another process could then delete the write-ahead log under the running server.
export class HealthChecks {
  private checked = false
  private reason: string | undefined
  /** When quick_check last passed, 0 from one that fails until one passes. */
  private integrityPassedAt = 0
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = false
  private file: FileHandle | undefined

  private constructor(
    private readonly store: CheckedStore,
    private readonly path: string | undefined,
    private readonly timeoutMs: number,
    private readonly log: (line: string) => void,
  ) {}

  /** A failed write counts at once, not at the next check. */
  get healthy(): boolean {
    return this.checked && this.store.writeFailure === undefined
  }

  static async start(store: CheckedStore, options: HealthCheckOptions = {}) {
    const { databaseFile, intervalMs = 5_000, timeoutMs = BUSY_TIMEOUT_MS + 1_000, log = console.error } = options
    const checks = new HealthChecks(store, databaseFile, timeoutMs, log)
    if (databaseFile !== undefined) checks.file = await open(databaseFile, 'r').catch(() => undefined)
    await new Promise<void>((resolve) => checks.check(resolve))
    checks.timer = setInterval(() => checks.check(), intervalMs)
    checks.timer.unref()
    return checks
  }

  /** Call it before the store closes. */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.running
  }

  /** Only once the store has closed. */
  async close(): Promise<void> {
    await this.file?.close()
    this.file = undefined
  }

  private check(firstOutcome = () => {}): void {
    if (this.running || this.stopped) return
    const record = (reason?: string) => {
      firstOutcome()
      if (this.stopped) return
      if (reason !== undefined && reason !== this.reason) this.log(`health check failing: ${reason}`)
      if (reason === undefined && this.reason !== undefined) this.log('health check ok again')
      this.checked = reason === undefined
      this.reason = reason
    }
    const bound = setTimeout(() => record(`the check is not done after ${this.timeoutMs} ms`), this.timeoutMs)
    bound.unref()
    this.running = this.problem()
      .then(record, (error: unknown) => record(String((error as Error)?.message ?? error)))
      .finally(() => {
        clearTimeout(bound)
        this.running = undefined
      })
  }

  private async problem(): Promise<string | undefined> {
    if (this.path !== undefined) {
      if (this.file === undefined) return `${this.path} cannot be opened`
      const { buffer, bytesRead } = await this.file.read(Buffer.alloc(SQLITE_HEADER.length), 0, SQLITE_HEADER.length, 0)
      if (bytesRead !== SQLITE_HEADER.length || !buffer.equals(SQLITE_HEADER)) return `${this.path} does not start with SQLite's header`
    }
    if (this.store.writeFailure !== undefined) {
      // Out of rotation no visitor's lead comes to show that writes succeed again: a write of its own does.
      await this.store.probeWrite(Date.now()).catch(() => undefined)
      if (this.store.writeFailure !== undefined) return `a write failed: ${this.store.writeFailure}`
    }
    if (Date.now() - this.integrityPassedAt < INTEGRITY_CHECK_MS) {
      await this.store.backlog() // throws when the database cannot be read
      return undefined
    }
    const problems = await this.store.quickCheck().catch((error: unknown) => [String((error as Error)?.message ?? error)])
    this.integrityPassedAt = problems.length === 0 ? Date.now() : 0
    return problems.length > 0 ? `PRAGMA quick_check: ${problems.slice(0, 5).join('; ')}` : undefined
  }
}

export const healthHandler = (checks: Pick<HealthChecks, 'healthy'>) => (c: Context) => {
  c.header('Cache-Control', CACHE_CONTROL.live)
  return checks.healthy ? c.json({ status: 'ok' }, 200) : c.json({ status: 'fail' }, 503)
}
