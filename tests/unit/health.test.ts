import { openSync, readSync, writeSync, closeSync } from 'node:fs'
import { createClient } from '@libsql/client'
import { afterAll, describe, expect, it } from 'vitest'
import { createApi } from '../../server/api'
import { createApp } from '../../server/app'
import { openDatabase } from '../../server/database'
import { HealthChecks, healthHandler } from '../../server/health'
import { Store } from '../../server/store'
import { writeMiniatureSite } from './routing-table'
import { serverSandbox, type ServerProcess } from './server-process'
import { storedLead } from './lead-fixture'

// GET /healthz as a load balancer sees it: the real server (server/index.ts) on a database of the test's
// own, and what another process or a broken disk does to that database meanwhile.
const sandbox = serverSandbox('health-')
const site = writeMiniatureSite()
afterAll(() => site.remove())

const lead = (email: string) => storedLead({ email })

/** GET /healthz: its status, its body as sent, its Cache-Control, and how long the answer took. */
async function healthz(server: ServerProcess): Promise<{ status: number; body: string; cacheControl: string | null; ms: number }> {
  const started = performance.now()
  const response = await fetch(`${server.url}/healthz`)
  const body = await response.text()
  return { status: response.status, body, cacheControl: response.headers.get('cache-control'), ms: performance.now() - started }
}

/** What the server prints on stderr from now on. */
function stderrOf(server: ServerProcess): () => string {
  let text = ''
  server.child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()))
  return () => text
}

/** A database with its schema, a lead waiting for its webhook and nothing else; its file's path. */
async function databaseWithALead(name: string): Promise<{ url: string; file: string }> {
  const url = sandbox.database(name)
  const store = await Store.open(url)
  await store.addLead(lead(`${name}@example.com`), Date.now() - 60_000)
  await store.close()
  return { url, file: url.slice('file:'.length) }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const backlog = { pending: 0, failing: 0, oldestPendingReceivedAt: null }

describe('GET /healthz on the server', () => {
  it('answers within 1 s while another process holds the database’s write lock and the server’s own writes wait for it', async () => {
    const { url } = await databaseWithALead('locked')
    // A webhook is configured (nothing listens there), so the outbox claims rows every second: a write
    // that waits for the lock (up to 5 s) while the other process holds it.
    const server = await sandbox.start({ DATABASE_URL: url, SCORE_WEBHOOK_URL: 'http://127.0.0.1:9/score', SCORE_WEBHOOK_KEY: 'k' })
    const other = createClient({ url })
    try {
      expect((await healthz(server)).status).toBe(200)
      const transaction = await other.transaction('write')
      try {
        await transaction.execute({ sql: 'INSERT INTO rate_limits (key, window_start, count) VALUES (?, 0, 1)', args: ['lock holder'] })
        // By now the outbox's claim waits for the lock.
        await sleep(1_200)
        for (let n = 0; n < 4; n++) {
          const answer = await healthz(server)
          expect(answer.ms, `answer ${n + 1}`).toBeLessThan(1_000)
          expect(['{"status":"ok"}', '{"status":"fail"}']).toContain(answer.body)
          await sleep(400)
        }
      } finally {
        await transaction.rollback()
        transaction.close()
      }
    } finally {
      other.close()
      server.child.kill('SIGKILL')
    }
  })

  it('turns {"status":"fail"} (503) within a check interval once the file’s header is overwritten, and logs why', async () => {
    const { url, file } = await databaseWithALead('header')
    const server = await sandbox.start({ DATABASE_URL: url })
    const stderr = stderrOf(server)
    try {
      expect((await healthz(server)).body).toBe('{"status":"ok"}')
      // A disk fault or a stray write: the open connection may keep serving the pages it cached.
      const fd = openSync(file, 'r+')
      writeSync(fd, Buffer.alloc(16, 0x58), 0, 16, 0)
      closeSync(fd)
      // The check runs every 5 s.
      await expect.poll(async () => (await healthz(server)).status, { timeout: 6_500, interval: 250 }).toBe(503)
      expect((await healthz(server)).body).toBe('{"status":"fail"}')
      expect(stderr()).toContain("does not start with SQLite's header")
    } finally {
      server.child.kill('SIGKILL')
    }
  })

  it('fails from the start when SQLite’s quick_check finds a broken page, even in a table it does not otherwise read', async () => {
    const { url, file } = await databaseWithALead('broken-page')
    const reader = createClient({ url })
    const root = Number((await reader.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'conversions'")).rows[0]!.rootpage)
    reader.close()
    const fd = openSync(file, 'r+')
    const header = Buffer.alloc(18)
    readSync(fd, header, 0, 18, 0)
    const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16)
    writeSync(fd, Buffer.alloc(pageSize, 0xff), 0, pageSize, (root - 1) * pageSize)
    closeSync(fd)

    const server = await sandbox.start({ DATABASE_URL: url })
    try {
      const answer = await healthz(server)
      expect(answer.status).toBe(503)
      expect(answer.body).toBe('{"status":"fail"}')
    } finally {
      server.child.kill('SIGKILL')
    }
  })
})

describe('the health checks', () => {
  it('count a check still not done after its bound as failing, and recover when the database answers again', async () => {
    // The database answers until `hang` is set; then one query hangs until `answer()`.
    let hang = false
    let answer: (() => void) | undefined
    const store = {
      writeFailure: undefined,
      probeWrite: async () => undefined,
      quickCheck: async () => [],
      backlog: () => (hang ? new Promise<typeof backlog>((resolve) => (answer = () => resolve(backlog))) : Promise.resolve(backlog)),
    }
    const lines: string[] = []
    const checks = await HealthChecks.start(store, { intervalMs: 100, timeoutMs: 300, log: (line) => lines.push(line) })
    try {
      const app = createApp({ clientDir: site.clientDir, health: healthHandler(checks) })
      expect((await app.request('/healthz')).status).toBe(200)
      hang = true
      await expect.poll(async () => (await app.request('/healthz')).status, { timeout: 2_000, interval: 50 }).toBe(503)
      expect(lines).toEqual(['health check failing: the check is not done after 300 ms'])
      hang = false
      answer!()
      await expect.poll(async () => (await app.request('/healthz')).status, { timeout: 2_000, interval: 50 }).toBe(200)
      expect(lines.at(-1)).toBe('health check ok again')
    } finally {
      // A failed expectation must not leave stop() waiting for the hanging check.
      hang = false
      answer?.()
      await checks.stop()
    }
  })

  it('fail from the first lead that cannot be stored until a write succeeds again, which out of rotation they probe for themselves', async () => {
    // The disk fills while the server runs: every write fails as SQLite's would, until it is freed.
    let full = false
    let probes = 0
    const database = await openDatabase(sandbox.database('full-disk'))
    const store = Store.fromDatabase({
      read: (statement) => database.read(statement),
      checkpoint: () => database.checkpoint(),
      close: () => database.close(),
      write: (statement) => {
        if (typeof statement !== 'string' && statement.sql.includes('health_probe')) probes++
        return full ? Promise.reject(new Error('SQLITE_FULL: database or disk is full')) : database.write(statement)
      },
    })
    const lines: string[] = []
    const checks = await HealthChecks.start(store, { intervalMs: 200, log: (line) => lines.push(line) })
    const origin = 'http://127.0.0.1:3000'
    const app = createApp({
      clientDir: site.clientDir,
      api: createApi({ store, outbox: { stored: async () => undefined, deliverNow: async () => ({ ok: false }) }, siteOrigin: origin }),
      health: healthHandler(checks),
    })
    const postLead = (n: number) =>
      app.request('/api/score', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': `10.0.0.${n}` },
        body: JSON.stringify({ first_name: 'Ada', linkedin_url: `https://www.linkedin.com/in/ada-${n}`, email: `ada${n}@example.com` }),
      })
    const error = console.error
    console.error = () => undefined
    try {
      expect((await postLead(1)).status).toBe(202)
      full = true
      expect((await postLead(2)).status).toBe(500)
      // At once, not at the next check.
      expect((await app.request('/healthz')).status).toBe(503)
      await sleep(700)
      expect((await app.request('/healthz')).status).toBe(503)
      expect(probes, 'one probe per check at most').toBeLessThanOrEqual(4)
      expect(lines[0]).toBe('health check failing: a write failed: SQLITE_FULL: database or disk is full')
      // Freed, with no lead posted: the probe sees writes succeed again.
      full = false
      await expect.poll(async () => (await app.request('/healthz')).status, { timeout: 2_000, interval: 50 }).toBe(200)
      expect(lines.at(-1)).toBe('health check ok again')
      expect((await postLead(3)).status).toBe(202)
    } finally {
      console.error = error
      await checks.stop()
      await store.close()
    }
  })

  it('fail for as long as SQLite’s quick_check fails, not only at start', async () => {
    let problems = ['*** in database main ***', 'Page 7: btreeInitPage() returns error code 11']
    const store = { writeFailure: undefined, probeWrite: async () => undefined, quickCheck: async () => problems, backlog: async () => backlog }
    const checks = await HealthChecks.start(store, { intervalMs: 100, log: () => undefined })
    try {
      expect(checks.healthy).toBe(false)
      await sleep(600)
      expect(checks.healthy).toBe(false)
      problems = []
      await expect.poll(() => checks.healthy, { timeout: 2_000, interval: 50 }).toBe(true)
    } finally {
      await checks.stop()
    }
  })

  it('fail once the database cannot be read', async () => {
    const store = await Store.open(sandbox.database('closed'))
    const checks = await HealthChecks.start(store, { intervalMs: 100, log: () => undefined })
    try {
      expect(checks.healthy).toBe(true)
      await store.close()
      await expect.poll(() => checks.healthy, { timeout: 2_000, interval: 50 }).toBe(false)
    } finally {
      await checks.stop()
    }
  })
})
