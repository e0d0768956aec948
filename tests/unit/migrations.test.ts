import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { emailMatchKey } from '../../lib/universal/lead'
import { MIGRATIONS, migrate, type Migration } from '../../server/migrations'
import { Store } from '../../server/store'
import { storedLead } from './lead-fixture'

const root = mkdtempSync(join(tmpdir(), 'migrations-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let databases = 0
const newDatabase = () => `file:${join(root, `db-${++databases}.db`)}`
// The stores a test opens (`open`) are closed after it, whatever it asserted.
const opened: Store[] = []
afterEach(() => Promise.all(opened.splice(0).map((store) => store.close())))
async function open(...args: Parameters<typeof Store.open>): Promise<Store> {
  const store = await Store.open(...args)
  opened.push(store)
  return store
}

/** The schema as the server created it before migrations existed (CREATE TABLE IF NOT EXISTS on every start, user_version 0). */
const PREVIOUS_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS leads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    first_name TEXT NOT NULL, linkedin_url TEXT NOT NULL, email TEXT NOT NULL, submitted_at TEXT NOT NULL,
    received_at INTEGER NOT NULL, delivered_at INTEGER, attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL, last_error TEXT)`,
  `CREATE TABLE IF NOT EXISTS clicks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ref_code TEXT NOT NULL, user_agent TEXT, referer TEXT, utm_source TEXT, utm_medium TEXT, utm_campaign TEXT, ga_client_id TEXT,
    received_at INTEGER NOT NULL, delivered_at INTEGER, attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL, last_error TEXT)`,
  `CREATE TABLE IF NOT EXISTS conversions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT UNIQUE, ref_code TEXT, ga_client_id TEXT, utm_source TEXT, utm_medium TEXT, utm_campaign TEXT,
    received_at INTEGER NOT NULL)`,
  'CREATE INDEX IF NOT EXISTS leads_due ON leads (delivered_at, next_attempt_at)',
  'CREATE INDEX IF NOT EXISTS clicks_due ON clicks (delivered_at, next_attempt_at)',
]

/** The indexes the real steps make, by name. */
const INDEXES = ['clicks_delivered_age', 'clicks_due', 'conversions_age', 'leads_client_age', 'leads_dedupe', 'leads_due', 'leads_email_key', 'rate_limits_age']

/** A later step as a real one would be: a column and an index. Not idempotent, so running it twice fails. */
const NEXT = MIGRATIONS.length + 1
const ADD_SOURCE: Migration = {
  version: NEXT,
  description: 'where a lead came from',
  statements: ["ALTER TABLE leads ADD COLUMN source TEXT NOT NULL DEFAULT 'form'", 'CREATE INDEX leads_source ON leads (source)'],
}
const WITH_SOURCE = [...MIGRATIONS, ADD_SOURCE]

/** A database made by the server before migrations, with one lead waiting for its webhook. */
async function previousDatabase(): Promise<string> {
  const url = newDatabase()
  const db = createClient({ url })
  for (const statement of PREVIOUS_SCHEMA) await db.execute(statement)
  await db.execute({
    sql: 'INSERT INTO leads (first_name, linkedin_url, email, submitted_at, received_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)',
    args: ['Ada', 'https://www.linkedin.com/in/ada', 'ada@example.com', '2026-01-01T00:00:00.000Z', 1, 1],
  })
  db.close()
  return url
}

/** Reads the database from outside the store: its version, a table's columns, the index names. */
async function inspect(url: string) {
  const db = createClient({ url })
  try {
    const version = Number((await db.execute('PRAGMA user_version')).rows[0]?.user_version)
    const leadColumns = (await db.execute('PRAGMA table_info(leads)')).rows.map((row) => String(row.name))
    const indexes = (await db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name")).rows.map((row) =>
      String(row.name),
    )
    return { version, leadColumns, indexes }
  } finally {
    db.close()
  }
}

describe('numbered migrations', () => {
  it('adopts a database made before migrations, keeps its rows, and applies the later steps', async () => {
    const url = await previousDatabase()
    expect((await inspect(url)).version).toBe(0)

    const store = await open(url, { migrations: WITH_SOURCE })
    expect(await store.rows('leads')).toEqual([expect.objectContaining({ email: 'ada@example.com', delivered_at: null, source: 'form' })])
    // The outbox still finds the lead that was waiting, and new records go in next to it.
    expect((await store.claimDue('leads', 2, 1_000)).map((row) => row.payload.email)).toEqual(['ada@example.com'])
    await store.addLead(storedLead({ first_name: 'Grace', email: 'grace@example.com' }), 3)
    expect((await store.counts()).leads).toEqual({ pending: 2, delivered: 0 })
    await store.close()
    const after = await inspect(url)
    expect(after.version).toBe(WITH_SOURCE.length)
    expect(after.leadColumns).toContain('source')
    expect(after.indexes).toEqual([...INDEXES, 'leads_source'].sort())
  })

  it("marks an adopted database, or a new one, with the real list's last version", async () => {
    const adopted = await previousDatabase()
    const store = await open(adopted)
    expect(await store.rows('leads')).toHaveLength(1)
    await store.close()
    const fresh = newDatabase()
    await (await Store.open(fresh)).close()
    for (const url of [adopted, fresh])
      expect(await inspect(url)).toEqual({
        version: MIGRATIONS.length,
        leadColumns: expect.arrayContaining(['email', 'next_attempt_at']),
        indexes: INDEXES,
      })
  })

  it('rolls a failing step back whole and does not open the database', async () => {
    const url = await previousDatabase()
    const broken: Migration = {
      version: NEXT,
      description: 'half a step',
      statements: ['ALTER TABLE leads ADD COLUMN source TEXT', 'INSERT INTO no_such_table VALUES (1)'],
    }
    await expect(Store.open(url, { migrations: [...MIGRATIONS, broken] })).rejects.toThrow(
      new RegExp(`^Migration ${NEXT} \\(half a step\\) failed and was rolled back: .*no_such_table`),
    )
    // The real steps were committed on their own; nothing of the broken one is left.
    const after = await inspect(url)
    expect(after.version).toBe(MIGRATIONS.length)
    expect(after.leadColumns).not.toContain('source')
    const store = await open(url, { migrations: WITH_SOURCE })
    expect(await store.rows('leads')).toEqual([expect.objectContaining({ email: 'ada@example.com', source: 'form' })])
    await store.close()
  })

  it("applies only the steps above the database's version, and refuses to open a database a newer release has migrated, saying why", async () => {
    const url = newDatabase()
    await (await Store.open(url)).close()
    await (await Store.open(url, { migrations: WITH_SOURCE })).close()
    // The added step fails if run twice (duplicate column), so opening again proves it is skipped.
    const store = await open(url, { migrations: WITH_SOURCE })
    await store.addLead(storedLead(), 1)
    expect(await store.rows('leads')).toEqual([expect.objectContaining({ source: 'form' })])
    await store.close()
    expect((await inspect(url)).version).toBe(NEXT)
    await expect(Store.open(url)).rejects.toThrow(
      `The database is at schema version ${NEXT}, but this code knows migrations up to ${MIGRATIONS.length} only: a newer release of the server has upgraded it.`,
    )
    expect((await inspect(url)).leadColumns).toContain('source')
  })

  it('migration 4 on a version-3 database: the e-mail keys of the leads already there, more than one batch holds, are filled in, so privacy requests find them', async () => {
    const url = newDatabase()
    const db = createClient({ url })
    expect(await migrate(db, MIGRATIONS.slice(0, 3))).toBe(3)
    const insert = (email: string) =>
      db.execute({
        sql: 'INSERT INTO leads (first_name, linkedin_url, email, submitted_at, received_at, next_attempt_at) VALUES (?, ?, ?, ?, 1, 1)',
        args: ['A', 'https://www.linkedin.com/in/a', email, '2026-01-01T00:00:00.000Z'],
      })
    for (const email of ['ÑOÑO.Ünique@Exämple.com', 'Straße@example.de', 'ada@example.com']) await insert(email)
    await db.execute(`INSERT INTO leads (first_name, linkedin_url, email, submitted_at, received_at, next_attempt_at)
      WITH RECURSIVE n(i) AS (SELECT 4 UNION ALL SELECT i + 1 FROM n WHERE i < 1206) SELECT 'A', 'u', 'Lead' || i || '@EXAMPLE.com', 'x', i, i FROM n`)
    db.close()

    const store = await open(url)
    expect((await inspect(url)).version).toBe(MIGRATIONS.length)
    const rows = await store.rows('leads')
    expect(rows.slice(0, 3).map((row) => [row.email, row.email_key, row.client_key])).toEqual([
      ['ÑOÑO.Ünique@Exämple.com', 'ñoño.ünique@exämple.com', null],
      ['Straße@example.de', 'strasse@example.de', null],
      ['ada@example.com', 'ada@example.com', null],
    ])
    expect(rows).toHaveLength(1206)
    expect(rows.slice(3).filter((row) => row.email_key !== `lead${Number(row.id)}@example.com`)).toEqual([])
    expect(await store.fillEmailKeys()).toBe(0)
    // A lead an older release still running stores without a key is keyed before a lookup.
    const older = createClient({ url })
    await older.execute({
      sql: 'INSERT INTO leads (first_name, linkedin_url, email, submitted_at, received_at, next_attempt_at) VALUES (?, ?, ?, ?, 2, 2)',
      args: ['B', 'https://www.linkedin.com/in/b', 'ÑOÑO.ÜNIQUE@EXÄMPLE.COM', '2026-01-02T00:00:00.000Z'],
    })
    older.close()
    expect((await store.leadsByEmail('ñoño.ünique@exämple.com')).map((row) => row.email)).toEqual(['ÑOÑO.Ünique@Exämple.com', 'ÑOÑO.ÜNIQUE@EXÄMPLE.COM'])
    expect((await store.rows('leads')).every((row) => row.email_key === emailMatchKey(String(row.email)))).toBe(true)
  })

  it('migration 5 on a version-4 database: a lead and a click stored before it are sent with the keys they were sent with, a new one with a random key', async () => {
    const url = newDatabase()
    const db = createClient({ url })
    await migrate(db, MIGRATIONS.slice(0, 4))
    await db.execute(
      "INSERT INTO leads (first_name, linkedin_url, email, submitted_at, received_at, next_attempt_at) VALUES ('A', 'u', 'a@example.com', 'x', 1, 1)",
    )
    await db.execute("INSERT INTO clicks (ref_code, received_at, next_attempt_at) VALUES ('P1', 1, 1)")
    db.close()
    const store = await open(url)
    await store.addLead(storedLead({ email: 'b@example.com' }), 2)
    const keys = (await store.claimDue('leads', 3, 1_000)).map((row) => row.key)
    expect(keys[0]).toBe('lead-1')
    expect(keys[1]).toMatch(/^lead-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect((await store.claimDue('clicks', 3, 1_000)).map((row) => row.key)).toEqual(['click-1'])
  })

  it('refuses a list that is not numbered 1, 2, 3 … in order', async () => {
    await expect(Store.open(newDatabase(), { migrations: [ADD_SOURCE] })).rejects.toThrow('migrations are numbered 1, 2, 3 … in order')
  })

  it('lets several processes open one new database at the same moment, each step applied once', async () => {
    const url = newDatabase()
    // The added step fails if run twice, and takes a moment (it fills a table), so the processes are inside it together.
    const slowStep: Migration = {
      ...ADD_SOURCE,
      statements: [
        ...ADD_SOURCE.statements,
        'CREATE TABLE filler AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) SELECT i FROM n',
      ],
    }
    const migrations = [...MIGRATIONS, slowStep]
    const startAt = Date.now() + 2_500
    // Each process loads the store, waits for the same instant, then opens the database.
    const child = `
      import { Store } from './server/store.ts'
      await new Promise((resolve) => setTimeout(resolve, ${startAt} - Date.now()))
      const store = await Store.open(process.env.DATABASE_URL, { migrations: ${JSON.stringify(migrations)} })
      await store.addLead({ ...${JSON.stringify(storedLead())}, email: process.pid + '@example.com' }, 1)
      await store.close()
    `
    const runs = Array.from({ length: 4 }, () => {
      const process_ = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], {
        env: { ...process.env, DATABASE_URL: url },
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      let stderr = ''
      process_.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      return new Promise<{ code: number | null; stderr: string }>((resolve) => process_.on('exit', (code) => resolve({ code, stderr })))
    })
    expect(await Promise.all(runs)).toEqual(Array(4).fill({ code: 0, stderr: '' }))
    const after = await inspect(url)
    expect(after.version).toBe(NEXT)
    expect(after.leadColumns.filter((column) => column === 'source')).toHaveLength(1)
    const store = await open(url, { migrations })
    expect(await store.rows('leads')).toHaveLength(4)
    await store.close()
  })
})
