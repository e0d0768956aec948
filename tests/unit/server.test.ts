import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { FORM_PAGE_FILE } from '../../lib/universal/form-page'
import { createApi } from '../../server/api'
import { createApp } from '../../server/app'
import { HealthChecks, healthHandler } from '../../server/health'
import type { OutboxPort } from '../../server/outbox'
import { Store } from '../../server/store'
import { CONTROL_CHARACTER_PATHS, EXPECTED_HEADERS, ROUTES, servedBody, writeMiniatureSite } from './routing-table'

// A social card beside the table's files: its type is its extension's.
const CARD = '/assets/cards/0123456789abcdef0123456789abcdef.png'
const site = writeMiniatureSite([CARD.slice(1)])
// The health check (/healthz in the table) reads a database of its own.
const databaseDir = mkdtempSync(join(tmpdir(), 'server-test-'))
const store = await Store.open(`file:${join(databaseDir, 'site.db')}`)
const health = await HealthChecks.start(store)
afterAll(async () => {
  site.remove()
  health.stop()
  await store.close()
  rmSync(databaseDir, { recursive: true, force: true })
})

const app = createApp({ clientDir: site.clientDir, health: healthHandler(health) })
const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers })

describe('the site server, route by route (tests/unit/routing-table.ts)', () => {
  for (const route of ROUTES) {
    it(`${route.url} → ${route.status} ${route.location ?? route.file}`, async () => {
      const response = await get(route.url)
      expect(response.status).toBe(route.status)
      if (route.location) expect(response.headers.get('location')).toBe(route.location)
      if (route.file) expect(await response.text()).toBe(servedBody(route.file))
      if (route.cacheControl) expect(response.headers.get('cache-control')).toBe(route.cacheControl)
      for (const [name, value] of Object.entries(route.headers ?? {})) expect(response.headers.get(name), name).toBe(value)
      for (const [name, value] of Object.entries(EXPECTED_HEADERS)) expect(response.headers.get(name), name).toBe(value)
    })
  }
})

describe('the site server', () => {
  it('answers an unknown API path with a JSON 404, not the 404 page, with the security headers of every answer', async () => {
    const response = await get('/api/nothing')
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBe('no-store')
    for (const [name, value] of Object.entries(EXPECTED_HEADERS)) expect(response.headers.get(name), name).toBe(value)
    expect(await response.json()).toEqual({ error: 'No API endpoint GET /api/nothing.' })
  })

  it('sends llms.txt as plain text, and a social card as a PNG kept a year, like every asset', async () => {
    expect((await get('/llms.txt')).headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const card = await get(CARD)
    expect([card.headers.get('content-type'), card.headers.get('cache-control')]).toEqual(['image/png', 'public, max-age=31536000, immutable'])
  })

  it('answers a path with a control character, and the static-host rule files the build writes beside the pages, with the 404 page', async () => {
    // Not an error, a redirect or a shell.
    for (const path of [...CONTROL_CHARACTER_PATHS, '/_headers', '/_redirects', '/vercel.json', '/.assetsignore']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).toBe(servedBody('404.html'))
    }
  })

  it('refuses to start without a built site, saying what to run', () => {
    expect(() => createApp({ clientDir: join(site.clientDir, 'missing') })).toThrow(/npm run build/)
  })
})

describe('the site server with the API', () => {
  // The affiliate webhook took the click: the one API answer with status 200.
  const relayed: OutboxPort = { stored: async () => {}, deliverNow: async () => ({ ok: true, status: 'tracked' }) }
  const formPage = () => JSON.parse(readFileSync(join(dirname(site.clientDir), FORM_PAGE_FILE), 'utf8'))
  const withApi = createApp({ clientDir: site.clientDir, api: createApi({ store, outbox: relayed, trustedHops: 1, formPage }) })
  let address = 0
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    withApi.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.0.${++address}`, ...headers }, body })

  it('marks every /api answer no-store, whatever its status or method', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const limited = { 'x-forwarded-for': '10.8.1.1' }
    for (let i = 0; i < 10; i++) await post('/api/score', '{}', limited)
    const answers: Array<[number, Response]> = [
      [200, await post('/api/affiliate-click', JSON.stringify({ ref_code: 'PARTNER_1' }))],
      [202, await post('/api/conversion', JSON.stringify({ session_id: 'cs_no_store' }))],
      [400, await post('/api/score', '[1]')],
      [400, await post('/api/score', 'email=x', form)],
      [403, await post('/api/score', 'email=x', { ...form, origin: 'https://evil.example' })],
      [405, await withApi.request('/api/score')],
      [413, await post('/api/score', JSON.stringify({ first_name: 'x'.repeat(5_000) }))],
      [415, await post('/api/score', 'x', { 'content-type': 'text/plain' })],
      [429, await post('/api/score', '{}', limited)],
      [404, await withApi.request('/api/score/')],
      [404, await post('/api/nothing', '{}')],
      [404, await withApi.request('/api')],
    ]
    for (const [status, response] of answers) {
      expect(response.status).toBe(status)
      expect(response.headers.get('cache-control'), `${status} ${response.headers.get('content-type')}`).toBe('no-store')
    }
    expect(await answers.at(-2)![1].json()).toEqual({ error: 'No API endpoint POST /api/nothing.' })
  })
})
