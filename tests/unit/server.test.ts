import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'

// A miniature built site: each page's body names its file, so a test can see which one was served.
const clientDir = mkdtempSync(join(tmpdir(), 'client-'))
const files = ['index.html', '404.html', 'r/index.html', 'blog/index.html', 'score/confirmation/index.html', 'assets/entries/page.abc123.js', 'favicon.svg']
for (const file of files) {
  mkdirSync(dirname(join(clientDir, file)), { recursive: true })
  writeFileSync(join(clientDir, file), `served:${file}`)
}
writeFileSync(join(clientDir, 'blog/index.html.gz'), gzipSync('served:blog/index.html'))
afterAll(() => rmSync(clientDir, { recursive: true, force: true }))

const app = createApp({ clientDir })
const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers })

describe('the site server', () => {
  it('serves a prerendered page with no-cache', async () => {
    const response = await get('/blog')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('served:blog/index.html')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
  })

  it('redirects /blog/ to the canonical /blog with 301, keeping the query', async () => {
    const response = await get('/blog/?utm_source=x')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/blog?utm_source=x')
  })

  it('never turns a trailing-slash redirect into another host', async () => {
    const response = await get('//evil.example/')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/evil.example')
  })

  it('redirects /index.html paths to the clean URL', async () => {
    expect((await get('/blog/index.html')).headers.get('location')).toBe('/blog')
    expect((await get('/index.html')).headers.get('location')).toBe('/')
  })

  it('caches hashed assets for a year, immutable', async () => {
    const response = await get('/assets/entries/page.abc123.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('sends the gzip copy when the browser accepts it', async () => {
    const response = await get('/blog', { 'accept-encoding': 'gzip' })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toContain('Accept-Encoding')
  })

  it('answers any /dashboard path with the home page', async () => {
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/reports/2025']) {
      const response = await fetchFollowing(path)
      expect(response.status, path).toBe(200)
      expect(await response.text(), path).toBe('served:index.html')
    }
  })

  it('answers any /r/<code> with the referral shell', async () => {
    const response = await get('/r/PARTNER_42?next=/blog')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('served:r/index.html')
  })

  it('serves the confirmation page whatever its query string', async () => {
    const response = await get('/score/confirmation?x=1&utm_source=news')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('served:score/confirmation/index.html')
  })

  it('answers an unknown path with status 404 and the 404 page', async () => {
    for (const path of ['/no-such-page', '/topics/no-such-topic', '/404.html']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).toBe('served:404.html')
    }
  })

  it('sends security headers on every response', async () => {
    for (const path of ['/', '/no-such-page', '/assets/entries/page.abc123.js']) {
      const response = await get(path)
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('x-frame-options'), path).toBe('DENY')
    }
  })

  it('refuses to start without a built site, saying what to run', () => {
    expect(() => createApp({ clientDir: join(clientDir, 'missing') })).toThrow(/npm run build/)
  })
})

async function fetchFollowing(path: string): Promise<Response> {
  let response = await get(path)
  for (let hops = 0; hops < 3 && response.status === 301; hops++) response = await get(response.headers.get('location')!)
  return response
}
