// What privacy-requests.test.ts, privacy-command.test.ts and privacy-retention.test.ts share: database
// files in a temp folder, leads, a click and a conversion to store, and a store seeded with them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach } from 'vitest'
import { Store } from '../../server/store'
import { storedLead } from './lead-fixture'

export const lead = (email: string, name = 'Ada') =>
  storedLead({
    first_name: name,
    linkedin_url: `https://www.linkedin.com/in/${name.toLowerCase().replace(' ', '-')}`,
    email,
    submitted_at: '2026-01-02T03:04:05.000Z',
  })
export const click = { ref_code: 'P1', user_agent: 'UA', referer: null, utm_source: null, utm_medium: null, utm_campaign: null, ga_client_id: null }
export const DAY = 24 * 60 * 60 * 1000
export const HOUR = 60 * 60 * 1000
export const conversion = (session_id: string) => ({ session_id, ref_code: 'P1', ga_client_id: null, utm_source: null, utm_medium: null, utm_campaign: null })

/** Stores a lead and returns its id (addLead may answer null for a duplicate; these leads are all new). */
export async function addLead(store: Store, lead: Parameters<Store['addLead']>[0], at: number, client: string | null = null): Promise<number> {
  const id = await store.addLead(lead, at, client)
  if (id === null || id === undefined) throw new Error('lead not stored')
  return Number(id)
}

/**
 * The test file's temp folder (`root`), removed after its tests; `newDatabase` names a new database file in
 * it (a `file:` URL), `open` opens one (a new one unless told), and `seeded` opens one with Ada's two leads
 * (stored in two cases, one delivered, one failing), Grace's lead, a click and a conversion; each store they
 * open is closed after its test.
 */
export function privacyDatabases() {
  const root = mkdtempSync(join(tmpdir(), 'privacy-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  let databases = 0
  const newDatabase = () => `file:${join(root, `site-${++databases}.db`)}`
  // Every store `open` and `seeded` give is closed after its test.
  const opened: Store[] = []
  afterEach(() => Promise.all(opened.splice(0).map((store) => store.close())))
  async function open(database = newDatabase()) {
    const store = await Store.open(database)
    opened.push(store)
    return store
  }

  async function seeded(database = newDatabase()) {
    const store = await open(database)
    const delivered = await addLead(store, lead('ada@example.com'), 1_000)
    await store.markDelivered('leads', delivered, 2_000)
    const failing = await addLead(store, lead('Ada@Example.COM', 'Ada Two'), 3_000)
    await store.markFailed('leads', failing, 9_000, 'HTTP 503')
    const other = await addLead(store, lead('grace@example.com', 'Grace'), 4_000)
    await store.addClick(click, 5_000)
    await store.addConversion({ session_id: 'cs_1', ref_code: 'P1', ga_client_id: null, utm_source: null, utm_medium: null, utm_campaign: null }, 6_000)
    return { store, delivered, failing, other }
  }

  return { root, newDatabase, open, seeded }
}
