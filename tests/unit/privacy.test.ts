// Privacy requests (server/privacy.ts, `npm run privacy`) and retention (server/retention.ts), on real
// database files in a temp folder; the end-to-end case stores its lead through the real server process.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../server/database'
import { NOT_LINKED, PRIVACY_USAGE, deletePersonalData, exportPersonalData, parsePrivacyArgs, runPrivacyCommand } from '../../server/privacy'
import { MAX_WINDOW_MS, RateLimiter } from '../../server/rate-limit'
import { purgeExpired, startLeadRetention } from '../../server/retention'
import { DEFAULT_LEAD_RETENTION_DAYS, leadRetentionDays } from '../../server/settings'
import { Store } from '../../server/store'
import { freePort } from './free-port'
import { serverSandbox } from './server-process'

const root = mkdtempSync(join(tmpdir(), 'privacy-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let databases = 0
const newDatabase = () => `file:${join(root, `site-${++databases}.db`)}`

const lead = (email: string, name = 'Ada') => ({
  first_name: name,
  linkedin_url: `https://www.linkedin.com/in/${name.toLowerCase().replace(' ', '-')}`,
  email,
  submitted_at: '2026-01-02T03:04:05.000Z',
})
const click = { ref_code: 'P1', user_agent: 'UA', referer: null, utm_source: null, utm_medium: null, utm_campaign: null, ga_client_id: null }
const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
const conversion = (session_id: string) => ({ session_id, ref_code: 'P1', ga_client_id: null, utm_source: null, utm_medium: null, utm_campaign: null })

/** `npm run privacy -- …` against `database` (a `file:` URL), as the operator runs it. */
const runPrivacy = (database: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/privacy.ts', ...args], { env: { ...process.env, DATABASE_URL: database }, encoding: 'utf8' })

/** Which of the database's files (the file, its -wal and -shm) hold any of `texts`, as raw bytes. */
function filesHolding(database: string, texts: readonly string[]): string[] {
  const path = database.slice('file:'.length)
  const found: string[] = []
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (!existsSync(file)) continue
    const bytes = readFileSync(file)
    for (const text of texts) if (bytes.includes(Buffer.from(text, 'utf8'))) found.push(`${file.slice(path.length) || 'db'}: ${text}`)
  }
  return found
}

/** Stores a lead and returns its id (addLead may answer null for a duplicate; these leads are all new). */
async function addLead(store: Store, lead: Parameters<Store['addLead']>[0], at: number, client: string | null = null): Promise<number> {
  const id = await store.addLead(lead, at, client)
  if (id === null || id === undefined) throw new Error('lead not stored')
  return Number(id)
}

/** A store with Ada's two leads (stored in two cases, one delivered, one failing), Grace's lead, a click and a conversion. */
async function seeded(database = newDatabase()) {
  const store = await Store.open(database)
  const delivered = await addLead(store, lead('ada@example.com'), 1_000)
  await store.markDelivered('leads', delivered, 2_000)
  const failing = await addLead(store, lead('Ada@Example.COM', 'Ada Two'), 3_000)
  await store.markFailed('leads', failing, 9_000, 'HTTP 503')
  const other = await addLead(store, lead('grace@example.com', 'Grace'), 4_000)
  await store.addClick(click, 5_000)
  await store.addConversion({ session_id: 'cs_1', ref_code: 'P1', ga_client_id: null, utm_source: null, utm_medium: null, utm_campaign: null }, 6_000)
  return { store, delivered, failing, other }
}

describe('privacy requests', () => {
  it('export: every lead for the address whatever its case, with its outbox state, and no one else', async () => {
    const { store, delivered, failing } = await seeded()
    try {
      const data = await exportPersonalData(store, 'ADA@example.com', Date.UTC(2026, 0, 3))
      expect(data).toEqual({
        email: 'ADA@example.com',
        exported_at: '2026-01-03T00:00:00.000Z',
        leads: [
          {
            id: delivered,
            first_name: 'Ada',
            linkedin_url: 'https://www.linkedin.com/in/ada',
            email: 'ada@example.com',
            submitted_at: '2026-01-02T03:04:05.000Z',
            received_at: new Date(1_000).toISOString(),
            client_address: null,
            outbox: { delivered_at: new Date(2_000).toISOString(), attempts: 1, next_attempt_at: null, last_error: null },
          },
          {
            id: failing,
            first_name: 'Ada Two',
            linkedin_url: 'https://www.linkedin.com/in/ada-two',
            email: 'Ada@Example.COM',
            submitted_at: '2026-01-02T03:04:05.000Z',
            received_at: new Date(3_000).toISOString(),
            client_address: null,
            outbox: { delivered_at: null, attempts: 1, next_attempt_at: new Date(9_000).toISOString(), last_error: 'HTTP 503' },
          },
        ],
        rate_limits: [],
        clicks_and_conversions: NOT_LINKED,
      })
      expect((await exportPersonalData(store, 'nobody@example.com')).leads).toEqual([])
    } finally {
      await store.close()
    }
  })

  it('delete: removes the leads for the address in every case, with their outbox state, says how many, and keeps the rest', async () => {
    const { store, other } = await seeded()
    try {
      expect(await deletePersonalData(store, 'ada@EXAMPLE.com')).toEqual({ leads: 2, rateLimits: 0, checkpoint: { busy: false } })
      const leads = await store.rows('leads')
      expect(leads.map((row) => [Number(row.id), row.email])).toEqual([[other, 'grace@example.com']])
      // The outbox state lives in the lead's row: nothing is left to send, and the counts agree.
      expect(await store.counts()).toEqual({ leads: { pending: 1, delivered: 0 }, clicks: { pending: 1, delivered: 0 }, conversions: 1 })
      expect(await store.claimDue('leads', 1e15, 1_000)).toEqual([expect.objectContaining({ id: other })])
      expect(await deletePersonalData(store, 'ada@example.com')).toEqual({ leads: 0, rateLimits: 0, checkpoint: { busy: false } })
    } finally {
      await store.close()
    }
  })

  it('accepts `export EMAIL` and `delete EMAIL` only', () => {
    expect(parsePrivacyArgs(['export', 'a@b.co'])).toEqual({ command: 'export', email: 'a@b.co' })
    expect(parsePrivacyArgs(['delete', ' a@b.co '])).toEqual({ command: 'delete', email: 'a@b.co' })
    for (const args of [[], ['export'], ['erase', 'a@b.co'], ['export', 'not-an-address'], ['delete', 'a@b.co', 'extra']])
      expect(parsePrivacyArgs(args), args.join(' ')).toBeUndefined()
  })

  it('`npm run privacy` exports as JSON, deletes with a count, and exits 2 with the usage line on bad usage', async () => {
    const database = newDatabase()
    await (await seeded(database)).store.close()
    const run = (...args: string[]) => runPrivacy(database, ...args)

    const exported = run('export', 'ADA@example.com')
    expect(exported.status).toBe(0)
    expect((JSON.parse(exported.stdout) as { leads: unknown[] }).leads).toHaveLength(2)

    const deleted = run('delete', 'ada@example.com')
    expect(deleted.status).toBe(0)
    expect(deleted.stdout).toMatch(/^Deleted 2 lead\(s\) for ada@example\.com/)
    expect(deleted.stdout).toContain('and 0 rate-limit count(s)')
    expect(deleted.stdout).toContain('The write-ahead log was copied into the database file and truncated to zero bytes')
    expect((JSON.parse(run('export', 'ada@example.com').stdout) as { leads: unknown[] }).leads).toEqual([])
    expect((JSON.parse(run('export', 'grace@example.com').stdout) as { leads: unknown[] }).leads).toHaveLength(1)

    for (const args of [[], ['export'], ['purge', 'ada@example.com']]) {
      const bad = run(...args)
      expect(bad.status, args.join(' ')).toBe(2)
      expect(bad.stderr).toContain(PRIVACY_USAGE)
    }
  })

  it('finds every spelling of a non-ASCII address: NFKC, then case-folded, not just ASCII letters', async () => {
    const store = await Store.open(newDatabase())
    try {
      const nono = await addLead(store, lead('ÑOÑO.Ünique@Exämple.com', 'Nono'), 1_000)
      const strasse = await addLead(store, lead('Straße@example.de', 'Strasse'), 2_000)
      await addLead(store, lead('nono.unique@example.com', 'Other'), 3_000)
      const ids = async (email: string) => (await exportPersonalData(store, email)).leads.map((row) => row.id)
      expect(await ids('ñoño.ünique@exämple.com')).toEqual([nono])
      // Ñ written as N + a combining tilde, and full-width letters, are the same address once NFKC'd.
      expect(await ids('N\u0303On\u0303o.ünique@EXÄMPLE.COM')).toEqual([nono])
      expect(await ids('STRASSE@EXAMPLE.DE')).toEqual([strasse])
      expect(await ids('ｓｔｒａｓｓｅ@example.de')).toEqual([strasse])
      expect((await deletePersonalData(store, 'ñoño.ünique@exämple.com')).leads).toBe(1)
      expect((await store.rows('leads')).map((row) => row.email)).toEqual(['Straße@example.de', 'nono.unique@example.com'])
    } finally {
      await store.close()
    }
  })

  it("delete removes the rate-limit counts of the client that sent the lead, on every endpoint, and no other client's", async () => {
    const now = Date.UTC(2026, 5, 1)
    const store = await Store.open(newDatabase())
    try {
      for (const key of ['/score 10.1.1.1', '/affiliate-click 10.1.1.1', '/score 10.1.1.10', '/score 10.2.2.2', '/conversion 10.2.2.2'])
        await store.countRequest(key, now, 60_000)
      await store.addLeadOnce(lead('ada@example.com'), now, { key: 'ada', windowMs: DAY, client: '10.1.1.1' })
      await store.addLeadOnce(lead('grace@example.com', 'Grace'), now, { key: 'grace', windowMs: DAY, client: '10.2.2.2' })

      const exported = await exportPersonalData(store, 'ADA@example.com', now)
      expect(exported.leads.map((row) => row.client_address)).toEqual(['10.1.1.1'])
      expect(exported.rate_limits.map((row) => [row.key, row.count])).toEqual([
        ['/affiliate-click 10.1.1.1', 1],
        ['/score 10.1.1.1', 1],
      ])

      expect(await deletePersonalData(store, 'ada@example.com')).toEqual({ leads: 1, rateLimits: 2, checkpoint: { busy: false } })
      expect((await store.rows('rate_limits')).map((row) => row.key)).toEqual(['/conversion 10.2.2.2', '/score 10.1.1.10', '/score 10.2.2.2'])
    } finally {
      await store.close()
    }
  })

  it('keeps the client key on a lead for the longest rate-limit window only, then forgets it', async () => {
    const t = Date.UTC(2026, 5, 1)
    const store = await Store.open(newDatabase())
    try {
      const id = await addLead(store, lead('ada@example.com'), t, '10.1.1.1')
      const clientKey = async () => (await store.rows('leads')).find((row) => Number(row.id) === id)!.client_key
      // Pruning at `now` forgets what is older than MAX_WINDOW_MS: kept a minute before the hour, and at the hour.
      await store.forgetRequestsBefore(t + MAX_WINDOW_MS - 60_000 - MAX_WINDOW_MS)
      await store.forgetRequestsBefore(t + MAX_WINDOW_MS - MAX_WINDOW_MS)
      expect(await clientKey()).toBe('10.1.1.1')
      // Past the hour, the rate limiter's pruning (as it counts a request, once a minute) forgets it.
      await new RateLimiter(store, '/score', 10, 10 * 60_000).hit('10.3.3.3', t + MAX_WINDOW_MS + 1)
      await expect.poll(clientKey, { timeout: 5_000 }).toBeNull()

      // With no request to prune, the hourly retention pass forgets it.
      const idle = await addLead(store, lead('grace@example.com', 'Grace'), t, '10.4.4.4')
      const retention = startLeadRetention(store, { days: 365, now: () => t + 3 * HOUR })
      await retention.stop()
      expect((await store.rows('leads')).find((row) => Number(row.id) === idle)!.client_key).toBeNull()
      expect(await store.countRows('rate_limits')).toBe(0)
    } finally {
      await store.close()
    }
  })

  it('reports a write-ahead log another process keeps busy, and exits 1', async () => {
    const database = newDatabase()
    const seededStore = (await seeded(database)).store
    await seededStore.close()
    // Another process's reader: its snapshot keeps the log from being truncated.
    const reader = createClient({ url: database })
    const transaction = await reader.transaction('read')
    await transaction.execute('SELECT count(*) FROM leads')
    const store = await Store.open(database)
    await store.addClick(click, 1)
    const out: string[] = []
    const err: string[] = []
    try {
      const code = await runPrivacyCommand(['delete', 'ada@example.com'], async () => store, { out: (line) => out.push(line), err: (line) => err.push(line) })
      expect(code).toBe(1)
      expect(out[0]).toMatch(/^Deleted 2 lead\(s\) for ada@example\.com/)
      expect(err).toEqual([
        expect.stringMatching(/^The write-ahead log was NOT truncated: another process kept reading or writing the database .* Run the same command again\.$/),
      ])
    } finally {
      transaction.close()
      reader.close()
    }
  })

  it('refuses to run on a local database file that does not exist, and creates nothing', () => {
    const folder = join(root, 'typo')
    for (const database of [`file:${join(folder, 'site.db')}`, `file:${join(root, 'no-such.db')}`]) {
      for (const command of ['export', 'delete']) {
        const result = runPrivacy(database, command, 'ada@example.com')
        expect(result.status, `${command} ${database}`).toBe(1)
        expect(result.stderr).toContain(`There is no database at ${database.slice('file:'.length)}`)
        expect(result.stdout).toBe('')
      }
    }
    expect(existsSync(folder)).toBe(false)
    expect(existsSync(join(root, 'no-such.db'))).toBe(false)
  })
})

describe('nothing readable on disk after a deletion', () => {
  it("every local connection overwrites what it deletes with zeros (secure_delete), the server's as well as the command's", async () => {
    const db = await openDatabase(newDatabase())
    try {
      expect((await db.read('PRAGMA secure_delete')).rows).toEqual([{ secure_delete: 1 }])
      expect((await db.read('PRAGMA journal_mode')).rows).toEqual([{ journal_mode: 'wal' }])
    } finally {
      await db.close()
    }
  })

  const sandbox = serverSandbox('privacy-')
  const PROFILE = 'https://www.linkedin.com/in/zq-privacy-probe-7731'
  const EMAIL = 'Zq.Privacy.Probe+7731@Example.com'
  const OTHER = { first_name: 'Grace', linkedin_url: 'https://www.linkedin.com/in/grace-hopper', email: 'grace@example.com' }

  async function post(url: string, path: string, from: string, body: unknown): Promise<number> {
    const response = await fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    })
    await response.arrayBuffer()
    return response.status
  }

  it('a lead stored by the running server, then deleted by `npm run privacy`, is in none of the database files, nor its sender', async () => {
    const database = sandbox.database('site')
    // A webhook nobody answers: the outbox's failed attempts rewrite the lead's row, as the server does to
    // every lead it sends, so its pages hold more than one copy of the lead over time.
    const server = await sandbox.start({ DATABASE_URL: database, TRUST_PROXY: '1', SCORE_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/score` })
    try {
      expect(await post(server.url, '/score', '10.77.0.1', { first_name: 'Zq', linkedin_url: PROFILE, email: EMAIL })).toBe(202)
      expect(await post(server.url, '/affiliate-click', '10.77.0.1', { ref_code: 'ZQ7731' })).toBe(202)
      expect(await post(server.url, '/score', '10.88.0.2', OTHER)).toBe(202)
      const store = await Store.open(database)
      await expect
        .poll(async () => (await store.leadsByEmail(EMAIL)).map((row) => [row.client_key, row.last_error !== null]), { timeout: 10_000 })
        .toEqual([['10.77.0.1', true]])
      await store.close()
      // Before: the lead is on disk (in the log, the file or both).
      expect(filesHolding(database, [PROFILE, EMAIL.toLowerCase()]).length).toBeGreaterThan(0)

      // Asked in another spelling, while the server keeps running.
      const deleted = runPrivacy(database, 'delete', 'zq.privacy.probe+7731@EXAMPLE.COM')
      expect(deleted.stderr).toBe('')
      expect(deleted.status).toBe(0)
      expect(deleted.stdout).toMatch(/^Deleted 1 lead\(s\) for zq\.privacy\.probe\+7731@EXAMPLE\.COM .* and 2 rate-limit count\(s\)/)
      expect(deleted.stdout).toContain('truncated to zero bytes')

      expect(filesHolding(database, [PROFILE, 'zq-privacy-probe-7731', EMAIL, EMAIL.toLowerCase(), 'Zq.Privacy.Probe', '10.77.0.1'])).toEqual([])
      // The other client's lead and counts are still there.
      const after = await Store.open(database)
      try {
        expect((await after.rows('leads')).map((row) => row.email)).toEqual([OTHER.email])
        expect((await after.rows('rate_limits')).map((row) => row.key)).toEqual(['/score 10.88.0.2'])
      } finally {
        await after.close()
      }
      expect(filesHolding(database, [OTHER.linkedin_url])).not.toEqual([])
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
    expect(filesHolding(database, [PROFILE, EMAIL.toLowerCase(), '10.77.0.1'])).toEqual([])
  })
})

describe('retention', () => {
  it('deletes delivered leads older than the retention, never an undelivered one, nor a recent one', async () => {
    const now = Date.UTC(2026, 5, 1)
    const store = await Store.open(newDatabase())
    try {
      const oldDelivered = await addLead(store, lead('old@example.com'), now - 400 * DAY)
      await store.markDelivered('leads', oldDelivered, now - 400 * DAY + 5_000)
      const oldUndelivered = await addLead(store, lead('stuck@example.com'), now - 400 * DAY)
      await store.markFailed('leads', oldUndelivered, now + 60_000, 'HTTP 500')
      const recentDelivered = await addLead(store, lead('new@example.com'), now - 10 * DAY)
      await store.markDelivered('leads', recentDelivered, now - 10 * DAY + 5_000)

      expect((await purgeExpired(store, now, 365)).leads).toBe(1)
      expect((await store.rows('leads')).map((row) => Number(row.id))).toEqual([oldUndelivered, recentDelivered])
      expect((await purgeExpired(store, now, 365)).leads).toBe(0)
      // A shorter retention reaches the recent one; the undelivered lead stays whatever its age.
      expect((await purgeExpired(store, now, 7)).leads).toBe(1)
      expect((await store.rows('leads')).map((row) => Number(row.id))).toEqual([oldUndelivered])
    } finally {
      await store.close()
    }
  })

  it('deletes delivered clicks and conversions older than the retention, never an undelivered click, and logs what it deleted', async () => {
    const now = Date.UTC(2026, 5, 1)
    const store = await Store.open(newDatabase())
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      const oldDelivered = await store.addClick({ ...click, ref_code: 'OLD' }, now - 400 * DAY)
      await store.markDelivered('clicks', oldDelivered, now - 400 * DAY + 5_000)
      const oldUndelivered = await store.addClick({ ...click, ref_code: 'STUCK' }, now - 400 * DAY)
      await store.markFailed('clicks', oldUndelivered, now + 60_000, 'HTTP 500')
      const recentDelivered = await store.addClick({ ...click, ref_code: 'NEW' }, now - 10 * DAY)
      await store.markDelivered('clicks', recentDelivered, now - 10 * DAY + 5_000)
      await store.addConversion(conversion('cs_old'), now - 400 * DAY)
      await store.addConversion(conversion('cs_new'), now - 10 * DAY)
      const oldLead = await addLead(store, lead('old@example.com'), now - 400 * DAY)
      await store.markDelivered('leads', oldLead, now - 400 * DAY + 5_000)

      const retention = startLeadRetention(store, { days: 365, now: () => now })
      await retention.stop()
      expect(log.mock.calls).toEqual([['retention: deleted 1 delivered lead(s), 1 delivered click(s), 1 conversion(s) received more than 365 days ago']])
      expect((await store.rows('clicks')).map((row) => row.ref_code)).toEqual(['STUCK', 'NEW'])
      expect((await store.rows('conversions')).map((row) => row.session_id)).toEqual(['cs_new'])
      expect(await purgeExpired(store, now, 365)).toEqual({ leads: 0, clicks: 0, conversions: 0 })
      // A shorter retention reaches the recent ones; the undelivered click stays whatever its age.
      expect(await purgeExpired(store, now, 7)).toEqual({ leads: 0, clicks: 1, conversions: 1 })
      expect((await store.rows('clicks')).map((row) => row.ref_code)).toEqual(['STUCK'])
    } finally {
      log.mockRestore()
      await store.close()
    }
  })

  it('works in bounded batches, table by table', async () => {
    const now = Date.UTC(2026, 5, 1)
    const store = await Store.open(newDatabase())
    try {
      for (let index = 0; index < 7; index++) {
        await store.markDelivered('leads', await addLead(store, lead(`l${index}@example.com`), now - 400 * DAY), now - 399 * DAY)
        await store.markDelivered('clicks', await store.addClick(click, now - 400 * DAY), now - 399 * DAY)
        await store.addConversion(conversion(`cs_${index}`), now - 400 * DAY)
      }
      expect(await purgeExpired(store, now, 365, { batch: 2, maxBatches: 2 })).toEqual({ leads: 4, clicks: 4, conversions: 4 })
      expect(await purgeExpired(store, now, 365, { batch: 2 })).toEqual({ leads: 3, clicks: 3, conversions: 3 })
    } finally {
      await store.close()
    }
  })

  it('reads LEAD_RETENTION_DAYS, 365 by default, and refuses a value that is not a whole number of days', () => {
    expect(leadRetentionDays({})).toBe(DEFAULT_LEAD_RETENTION_DAYS)
    expect(DEFAULT_LEAD_RETENTION_DAYS).toBe(365)
    expect(leadRetentionDays({ LEAD_RETENTION_DAYS: '30' })).toBe(30)
    for (const bad of ['0', '-1', '1.5', 'forever']) expect(() => leadRetentionDays({ LEAD_RETENTION_DAYS: bad }), bad).toThrow(/LEAD_RETENTION_DAYS/)
  })
})
