import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEAD_MESSAGES } from '../../lib/universal/lead'
import { createApi } from '../../server/api'
import { Outbox } from '../../server/outbox'
import { Store } from '../../server/store'

const root = mkdtempSync(join(tmpdir(), 'api-'))
let store: Store
let api: ReturnType<typeof createApi>
let clock = Date.parse('2026-01-01T00:00:00Z')

beforeAll(async () => {
  store = await Store.open(`file:${join(root, 'api.db')}`)
  api = createApi({ store, outbox: new Outbox(store, {}), now: () => clock, trustedHops: 1 })
})
afterAll(async () => {
  await store.close()
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
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it("answers 400 with the form's message and the field at fault, the profile URL held to linkedin.com itself", async () => {
    const bad = await post('/score', { ...lead, linkedin_url: 'https://linkedin.com.evil.example/in/ada' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: LEAD_MESSAGES.linkedin_url, field: 'linkedin_url' })
  })

  it('limits one client to 10 leads per 10 minutes, counting the client behind one trusted proxy, whatever it writes left of it or however the address is spelled', async () => {
    const spoofed = Array.from({ length: 12 }, (_, n) => ({ 'x-forwarded-for': `6.6.6.${n}, 70.0.0.1` }))
    const spellings = ['071.0.0.9', '::ffff:71.0.0.9', '71.0.0.9:1234', '71.0.0.9'].flatMap((spelling) =>
      Array.from({ length: 3 }, () => ({ 'x-forwarded-for': spelling })),
    )
    for (const headers of [spoofed, spellings]) {
      const statuses = []
      for (const [n, from] of headers.entries()) statuses.push((await post('/score', { ...lead, email: `proxy${address}-${n}@example.com` }, from)).status)
      expect(statuses).toEqual([...Array(10).fill(202), 429, 429])
    }
    clock += 10 * 60_000
    expect((await post('/score', { ...lead, email: 'later@example.com' }, { 'x-forwarded-for': '71.0.0.9' })).status).toBe(202)
  })

  it("stores the fields trimmed, and the server's time of arrival whatever submitted_at the client sends", async () => {
    expect((await post('/score', { ...lead, first_name: '  Grace ', email: ' trimmed@example.com ', submitted_at: 'yesterday' })).status).toBe(202)
    expect((await post('/score', { ...lead, email: 'no-date@example.com', submitted_at: 12 })).status).toBe(202)
    expect((await post('/score', { ...lead, email: 'dated@example.com', submitted_at: '2025-12-31T23:00:00+01:00' })).status).toBe(202)
    const rows = await store.rows('leads')
    const arrived = new Date(clock).toISOString()
    expect(rows.find((row) => row.email === 'trimmed@example.com')).toMatchObject({ first_name: 'Grace', submitted_at: arrived })
    expect(rows.find((row) => row.email === 'no-date@example.com')).toMatchObject({ submitted_at: arrived })
    expect(rows.find((row) => row.email === 'dated@example.com')).toMatchObject({ submitted_at: arrived })
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

  it('refuses a malformed ref_code, a value that is not text, or too long, naming the field; trims the rest and keeps an absent ref_code as null', async () => {
    expect(await (await post('/conversion', { session_id: 'cs_x', ref_code: '<script>' })).json()).toEqual({
      error: 'ref_code must be 1 to 64 letters, digits, _ or -, or null.',
      field: 'ref_code',
    })
    expect(await (await post('/conversion', { session_id: 's'.repeat(256) })).json()).toEqual({
      error: 'session_id must be at most 255 characters.',
      field: 'session_id',
    })
    expect(await (await post('/conversion', { session_id: 'cs_bad', utm_campaign: 7 })).json()).toEqual({
      error: 'utm_campaign must be a string or null.',
      field: 'utm_campaign',
    })
    expect(await (await post('/conversion', { ga_client_id: 'g'.repeat(65), ref_code: '<script>' })).json()).toEqual({
      error: 'ga_client_id must be at most 64 characters.',
      field: 'ga_client_id',
    })
    // Lengths are UTF-16 units, as the browser code counts them: this emoji is 2.
    expect(await (await post('/conversion', { utm_medium: ` ${'m'.repeat(199)}\u{1F600} ` })).json()).toEqual({
      error: 'utm_medium must be at most 200 characters.',
      field: 'utm_medium',
    })
    expect((await post('/conversion', { session_id: '  cs_trim ', utm_source: ` ${'u'.repeat(200)} ` })).status).toBe(202)
    expect((await store.rows('conversions')).find((row) => row.session_id === 'cs_trim')).toMatchObject({
      ref_code: null,
      utm_source: 'u'.repeat(200),
      utm_medium: null,
    })
  })
})

describe('POST /api/affiliate-click', () => {
  it('keeps the click and answers a non-ok status when no webhook can take it', async () => {
    const response = await post('/affiliate-click', { ref_code: 'PARTNER_1', user_agent: 'test', referer: null, utm_source: 'x' })
    expect(await response.json()).toEqual({ status: 'unavailable' })
    expect((await store.rows('clicks')).find((row) => row.ref_code === 'PARTNER_1')).toMatchObject({ utm_source: 'x', delivered_at: null })
  })

  it('refuses a missing or malformed ref_code, and a value that is not text, or too long, naming the field', async () => {
    const message = { error: 'ref_code must be 1 to 64 letters, digits, _ or -.', field: 'ref_code' }
    expect(await (await post('/affiliate-click', { ref_code: '../etc' })).json()).toEqual(message)
    expect(await (await post('/affiliate-click', { user_agent: 5 })).json()).toEqual(message)
    expect(await (await post('/affiliate-click', { ref_code: 'P', user_agent: 5 })).json()).toEqual({
      error: 'user_agent must be a string or null.',
      field: 'user_agent',
    })
    expect(await (await post('/affiliate-click', { ref_code: 'P', referer: 'r'.repeat(2049) })).json()).toEqual({
      error: 'referer must be at most 2048 characters.',
      field: 'referer',
    })
  })

  it('cuts a long UTM value instead of refusing it, ignores one that is not text, and falls back to the User-Agent header', async () => {
    const response = await post(
      '/affiliate-click',
      { ref_code: 'PARTNER_2', utm_source: `  ${'s'.repeat(300)}`, utm_medium: 5, utm_campaign: '  ', ga_client_id: ' 1.2 ' },
      { 'user-agent': 'HeaderAgent/1' },
    )
    expect(response.status).toBe(202)
    expect((await store.rows('clicks')).find((row) => row.ref_code === 'PARTNER_2')).toMatchObject({
      user_agent: 'HeaderAgent/1',
      referer: null,
      utm_source: 's'.repeat(200),
      utm_medium: null,
      utm_campaign: null,
      ga_client_id: '1.2',
    })
  })
})
