import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEAD_MESSAGES } from '../../lib/shared/lead'
import { createApi } from '../../server/api'
import { Outbox } from '../../server/outbox'
import { Store } from '../../server/store'

const root = mkdtempSync(join(tmpdir(), 'api-'))
let store: Store
let api: ReturnType<typeof createApi>
let clock = Date.parse('2026-01-01T00:00:00Z')

beforeAll(async () => {
  store = await Store.open(`file:${join(root, 'api.db')}`)
  api = createApi({ store, outbox: new Outbox(store, {}), now: () => clock, trustProxy: true })
})
afterAll(() => {
  store.close()
  rmSync(root, { recursive: true, force: true })
})

let address = 0
function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${++address}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const lead = { first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/ada', email: 'ada@example.com', submitted_at: '2026-01-01T00:00:00.000Z' }

describe('POST /api/score', () => {
  it('stores a valid lead before answering 202, dropping unknown fields', async () => {
    const response = await post('/score', { ...lead, email: 'first@example.com', admin: true })
    expect(response.status).toBe(202)
    const row = (await store.rows('leads')).find((candidate) => candidate.email === 'first@example.com')
    expect(row).toMatchObject({ first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/ada', delivered_at: null })
    expect(row).not.toHaveProperty('admin')
  })

  it('answers 400 with the form\'s message and the field at fault', async () => {
    expect(await (await post('/score', { ...lead, first_name: ' ' })).json()).toEqual({ error: LEAD_MESSAGES.first_name, field: 'first_name' })
    expect(await (await post('/score', { ...lead, linkedin_url: 'https://linkedin.com.evil.example/in/ada' })).json()).toEqual({ error: LEAD_MESSAGES.linkedin_url, field: 'linkedin_url' })
    const bad = await post('/score', { ...lead, email: 'not an email' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: LEAD_MESSAGES.email, field: 'email' })
  })

  it('refuses a body that is not JSON (415), too large (413) or not an object (400)', async () => {
    expect((await post('/score', 'first_name=Ada', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415)
    expect((await post('/score', { ...lead, first_name: 'x'.repeat(5_000) })).status).toBe(413)
    const notObject = await post('/score', '[1,2]')
    expect(notObject.status).toBe(400)
    expect(await notObject.json()).toEqual({ error: 'The request body must be a JSON object.' })
  })

  it('limits one address to 10 leads per 10 minutes, then answers 429 with Retry-After', async () => {
    const from = { 'x-forwarded-for': '192.0.2.7' }
    const statuses = []
    for (let i = 0; i < 11; i++) statuses.push((await post('/score', { ...lead, email: `limit${i}@example.com` }, from)).status)
    expect(statuses).toEqual([...Array(10).fill(202), 429])
    const limited = await post('/score', lead, from)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toEqual({ error: 'Too many requests. Please wait and try again.' })
    clock += 10 * 60_000
    expect((await post('/score', { ...lead, email: 'later@example.com' }, from)).status).toBe(202)
  })

  it('answers GET with 405 and an unknown endpoint with a JSON 404', async () => {
    expect((await api.request('/score')).status).toBe(405)
    const missing = await post('/nothing', {})
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ error: expect.stringContaining('/nothing') })
  })
})

describe('POST /api/conversion', () => {
  it('stores the same session_id once, with absent attribution as null', async () => {
    const record = { session_id: 'cs_dup', ref_code: 'PARTNER', ga_client_id: null, utm_source: '', utm_medium: null, utm_campaign: null }
    expect(await (await post('/conversion', record)).json()).toEqual({ status: 'ok', duplicate: false })
    expect(await (await post('/conversion', record)).json()).toEqual({ status: 'ok', duplicate: true })
    const rows = (await store.rows('conversions')).filter((row) => row.session_id === 'cs_dup')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ ref_code: 'PARTNER', utm_source: null, ga_client_id: null })
  })

  it('refuses a malformed ref_code', async () => {
    const response = await post('/conversion', { session_id: 'cs_x', ref_code: '<script>' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ field: 'ref_code' })
  })
})

describe('POST /api/affiliate-click', () => {
  it('keeps the click and answers a non-ok status when no webhook can take it', async () => {
    const response = await post('/affiliate-click', { ref_code: 'PARTNER_1', user_agent: 'test', referer: null, utm_source: 'x' })
    expect(await response.json()).toEqual({ status: 'unavailable' })
    expect((await store.rows('clicks')).find((row) => row.ref_code === 'PARTNER_1')).toMatchObject({ utm_source: 'x', delivered_at: null })
  })

  it('refuses a missing or malformed ref_code', async () => {
    expect(await (await post('/affiliate-click', { ref_code: '../etc' })).json()).toMatchObject({ field: 'ref_code' })
  })
})
