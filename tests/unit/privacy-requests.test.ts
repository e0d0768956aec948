// Privacy requests (server/privacy.ts) answered in the test process, on real database files in a temp
// folder: export and delete by address in any spelling, the sender's rate-limit counts, the client key's
// short life, and a write-ahead log another process keeps busy.
import { createClient } from '@libsql/client'
import { describe, expect, it } from 'vitest'
import { NOT_LINKED, deletePersonalData, exportPersonalData, parsePrivacyArgs, runPrivacyCommand } from '../../server/privacy'
import { MAX_WINDOW_MS, RateLimiter } from '../../server/rate-limit'
import { startLeadRetention } from '../../server/retention'
import { DAY, HOUR, addLead, click, lead, privacyDatabases } from './privacy-fixture'

const { newDatabase, open, seeded } = privacyDatabases()

describe('privacy requests', () => {
  it('export: every lead for the address whatever its case, with its outbox state, and no one else; delete: those leads, with their outbox state, saying how many, keeping the rest', async () => {
    const { store, delivered, failing, other } = await seeded()
    const data = await exportPersonalData(store, 'ADA@example.com', Date.UTC(2026, 0, 3))
    expect(data).toEqual({
      email: 'ADA@example.com',
      exported_at: '2026-01-03T00:00:00.000Z',
      leads: [
        {
          id: delivered,
          ...lead('ada@example.com'),
          received_at: new Date(1_000).toISOString(),
          client_address: null,
          outbox: { delivered_at: new Date(2_000).toISOString(), attempts: 1, next_attempt_at: null, last_error: null },
        },
        {
          id: failing,
          ...lead('Ada@Example.COM', 'Ada Two'),
          received_at: new Date(3_000).toISOString(),
          client_address: null,
          outbox: { delivered_at: null, attempts: 1, next_attempt_at: new Date(9_000).toISOString(), last_error: 'HTTP 503' },
        },
      ],
      rate_limits: [],
      clicks_and_conversions: NOT_LINKED,
    })
    expect((await exportPersonalData(store, 'nobody@example.com')).leads).toEqual([])

    expect(await deletePersonalData(store, 'ada@EXAMPLE.com')).toEqual({ leads: 2, rateLimits: 0, checkpoint: { busy: false } })
    const leads = await store.rows('leads')
    expect(leads.map((row) => [Number(row.id), row.email])).toEqual([[other, 'grace@example.com']])
    // The outbox state lives in the lead's row: nothing is left to send, and the counts agree.
    expect(await store.counts()).toEqual({ leads: { pending: 1, delivered: 0 }, clicks: { pending: 1, delivered: 0 }, conversions: 1 })
    expect(await store.claimDue('leads', 1e15, 1_000)).toEqual([expect.objectContaining({ id: other })])
    expect(await deletePersonalData(store, 'ada@example.com')).toEqual({ leads: 0, rateLimits: 0, checkpoint: { busy: false } })
  })

  it('accepts `export EMAIL` and `delete EMAIL` only', () => {
    expect(parsePrivacyArgs(['export', 'a@b.co'])).toEqual({ command: 'export', email: 'a@b.co' })
    expect(parsePrivacyArgs(['delete', ' a@b.co '])).toEqual({ command: 'delete', email: 'a@b.co' })
    for (const args of [[], ['export'], ['erase', 'a@b.co'], ['export', 'not-an-address'], ['delete', 'a@b.co', 'extra']])
      expect(parsePrivacyArgs(args), args.join(' ')).toBeUndefined()
  })

  it('finds every spelling of a non-ASCII address: NFKC, then case-folded, not just ASCII letters', async () => {
    const store = await open()
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
  })

  it("delete removes the rate-limit counts of the client that sent the lead, on every endpoint, and no other client's", async () => {
    const now = Date.UTC(2026, 5, 1)
    const store = await open()
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
  })

  it('keeps the client key on a lead for the longest rate-limit window only, then forgets it', async () => {
    const t = Date.UTC(2026, 5, 1)
    const store = await open()
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
  })

  it('reports a write-ahead log another process keeps busy, and exits 1', async () => {
    const database = newDatabase()
    const seededStore = (await seeded(database)).store
    await seededStore.close()
    // Another process's reader: its snapshot keeps the log from being truncated.
    const reader = createClient({ url: database })
    const transaction = await reader.transaction('read')
    await transaction.execute('SELECT count(*) FROM leads')
    const store = await open(database)
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
})
