import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../server/app'
import { HealthChecks, healthHandler } from '../../server/health'
import { Store } from '../../server/store'
import { EXPECTED_HEADERS, ROUTES, servedBody, writeMiniatureSite } from './routing-table'

const site = writeMiniatureSite()
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
  it('sends the security headers the issue names, on pages, assets and errors alike', async () => {
    for (const path of ['/', '/no-such-page', '/assets/entries/page.abc123.js', '/api/nothing']) {
      const response = await get(path)
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('strict-transport-security'), path).toMatch(/^max-age=\d{8}/)
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()')
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'")
      expect(response.headers.get('content-security-policy'), path).not.toContain('unsafe-inline')
    }
  })

  it('sends the gzip copy when the browser accepts it', async () => {
    const response = await get('/blog', { 'accept-encoding': 'gzip' })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toContain('Accept-Encoding')
  })

  it('answers an unknown API path with a JSON 404, not the 404 page', async () => {
    const response = await get('/api/nothing')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'No API endpoint GET /api/nothing.' })
  })

  it('does not serve the static-host rule files the build writes beside the pages', async () => {
    for (const path of ['/_headers', '/_redirects', '/vercel.json', '/.assetsignore']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).toBe(servedBody('404.html'))
    }
  })

  it('refuses to start without a built site, saying what to run', () => {
    expect(() => createApp({ clientDir: join(site.clientDir, 'missing') })).toThrow(/npm run build/)
  })
})
