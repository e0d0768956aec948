import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { NOT_LINKED, PRIVACY_USAGE, deletePersonalData, exportPersonalData, parsePrivacyArgs } from '../../server/privacy'
import { DEFAULT_LEAD_RETENTION_DAYS, leadRetentionDays, purgeExpiredLeads } from '../../server/retention'
import { Store } from '../../server/store'

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

/** Stores a lead and returns its id (addLead may answer null for a duplicate; these leads are all new). */
async function addLead(store: Store, lead: Parameters<Store['addLead']>[0], at: number): Promise<number> {
  const id = await store.addLead(lead, at)
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
            outbox: { delivered_at: new Date(2_000).toISOString(), attempts: 1, next_attempt_at: null, last_error: null },
          },
          {
            id: failing,
            first_name: 'Ada Two',
            linkedin_url: 'https://www.linkedin.com/in/ada-two',
            email: 'Ada@Example.COM',
            submitted_at: '2026-01-02T03:04:05.000Z',
            received_at: new Date(3_000).toISOString(),
            outbox: { delivered_at: null, attempts: 1, next_attempt_at: new Date(9_000).toISOString(), last_error: 'HTTP 503' },
          },
        ],
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
      expect(await deletePersonalData(store, 'ada@EXAMPLE.com')).toEqual({ leads: 2 })
      const leads = await store.rows('leads')
      expect(leads.map((row) => [Number(row.id), row.email])).toEqual([[other, 'grace@example.com']])
      // The outbox state lives in the lead's row: nothing is left to send, and the counts agree.
      expect(await store.counts()).toEqual({ leads: { pending: 1, delivered: 0 }, clicks: { pending: 1, delivered: 0 }, conversions: 1 })
      expect(await store.claimDue('leads', 1e15, 1_000)).toEqual([expect.objectContaining({ id: other })])
      expect(await deletePersonalData(store, 'ada@example.com')).toEqual({ leads: 0 })
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
    ;(await seeded(database)).store.close()
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/privacy.ts', ...args], { env: { ...process.env, DATABASE_URL: database }, encoding: 'utf8' })

    const exported = run('export', 'ADA@example.com')
    expect(exported.status).toBe(0)
    expect((JSON.parse(exported.stdout) as { leads: unknown[] }).leads).toHaveLength(2)

    const deleted = run('delete', 'ada@example.com')
    expect(deleted.status).toBe(0)
    expect(deleted.stdout).toMatch(/^Deleted 2 lead\(s\) for ada@example\.com/)
    expect((JSON.parse(run('export', 'ada@example.com').stdout) as { leads: unknown[] }).leads).toEqual([])
    expect((JSON.parse(run('export', 'grace@example.com').stdout) as { leads: unknown[] }).leads).toHaveLength(1)

    for (const args of [[], ['export'], ['purge', 'ada@example.com']]) {
      const bad = run(...args)
      expect(bad.status, args.join(' ')).toBe(2)
      expect(bad.stderr).toContain(PRIVACY_USAGE)
    }
  }, 60_000)
})

describe('lead retention', () => {
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

      expect(await purgeExpiredLeads(store, now, 365)).toBe(1)
      expect((await store.rows('leads')).map((row) => Number(row.id))).toEqual([oldUndelivered, recentDelivered])
      expect(await purgeExpiredLeads(store, now, 365)).toBe(0)
      // A shorter retention reaches the recent one; the undelivered lead stays whatever its age.
      expect(await purgeExpiredLeads(store, now, 7)).toBe(1)
      expect((await store.rows('leads')).map((row) => Number(row.id))).toEqual([oldUndelivered])
    } finally {
      await store.close()
    }
  })

  it('works in bounded batches', async () => {
    const now = Date.UTC(2026, 5, 1)
    const store = await Store.open(newDatabase())
    try {
      for (let index = 0; index < 7; index++)
        await store.markDelivered('leads', await addLead(store, lead(`l${index}@example.com`), now - 400 * DAY), now - 399 * DAY)
      expect(await purgeExpiredLeads(store, now, 365, { batch: 2, maxBatches: 2 })).toBe(4)
      expect(await purgeExpiredLeads(store, now, 365, { batch: 2 })).toBe(3)
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
