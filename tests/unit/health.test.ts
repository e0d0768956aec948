import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { healthHandler } from '../../server/health'
import { Store } from '../../server/store'
import { writeMiniatureSite } from './routing-table'

const site = writeMiniatureSite()
const root = mkdtempSync(join(tmpdir(), 'health-'))
afterAll(() => {
  site.remove()
  rmSync(root, { recursive: true, force: true })
})

const NOW = Date.UTC(2026, 5, 1, 12)
const lead = (email: string) => ({ first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/ada', email, submitted_at: '2026-06-01T00:00:00.000Z' })
const click = { ref_code: 'P1', user_agent: null, referer: null, utm_source: null, utm_medium: null, utm_campaign: null, ga_client_id: null }

/** Stores a lead and returns its id (addLead may answer null for a duplicate; these leads are all new). */
async function addLead(store: Store, lead: Parameters<Store['addLead']>[0], at: number): Promise<number> {
  const id = await store.addLead(lead, at)
  if (id === null || id === undefined) throw new Error('lead not stored')
  return Number(id)
}

describe('GET /healthz', () => {
  it('answers 200, no-store, with what waits in the outbox, what has failed and the age of the oldest', async () => {
    const store = await Store.open(`file:${join(root, 'ok.db')}`)
    try {
      const app = createApp({ clientDir: site.clientDir, health: healthHandler(store, () => NOW) })
      const empty = await app.request('/healthz')
      expect(empty.status).toBe(200)
      expect(await empty.json()).toEqual({ status: 'ok', database: 'ok', outbox: { pending: 0, failing: 0, oldestPendingAgeSeconds: null } })

      await store.markDelivered('leads', await addLead(store, lead('done@example.com'), NOW - 900_000), NOW - 899_000)
      await store.markFailed('leads', await addLead(store, lead('failing@example.com'), NOW - 90_500), NOW + 5_000, 'HTTP 503')
      await addLead(store, lead('new@example.com'), NOW - 2_000)
      await store.addClick(click, NOW - 30_000)

      const response = await app.request('/healthz')
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await response.json()).toEqual({ status: 'ok', database: 'ok', outbox: { pending: 3, failing: 1, oldestPendingAgeSeconds: 90 } })
    } finally {
      await store.close()
    }
  })

  it('answers 503 with the database error when the database cannot be reached', async () => {
    const store = await Store.open(`file:${join(root, 'closed.db')}`)
    const app = createApp({ clientDir: site.clientDir, health: healthHandler(store) })
    await store.close()
    const response = await app.request('/healthz')
    expect(response.status).toBe(503)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as { status: string; database: string }
    expect(body.status).toBe('unavailable')
    expect(body.database).toMatch(/\S/)
    expect(body.database).not.toBe('ok')
  })

  it('is a 404 page without a health check, as on a static host', async () => {
    const response = await createApp({ clientDir: site.clientDir }).request('/healthz')
    expect(response.status).toBe(404)
  })
})
