import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEALTH_PATH, canonicalPath, contentSecurityPolicy } from '../../lib/universal/routes'
import { createApp } from '../../server/app'
import { wranglerBin } from '../../scripts/cloudflare'
import { freePort } from './free-port'
import { EXPECTED_HEADERS, ROUTES, servedBody, writeMiniatureSite } from './routing-table'

// `npm run preview:cloudflare` (wrangler.jsonc, worker/index.ts, the build's `_headers` and `_redirects`
// as Workers static assets read them) in local workerd, on the miniature build of routing-table.ts:
// every row of the table must get the Node server's answer, route by route.

const site = writeMiniatureSite()
const node = createApp({ clientDir: site.clientDir })
const state = mkdtempSync(join(tmpdir(), 'wrangler-state-'))
let preview: ChildProcess | undefined
let origin = ''
let output = ''

// Never skipped silently: only a missing wrangler (not installed) skips, and says so.
const missing = existsSync(wranglerBin()) ? undefined : `wrangler is not installed (${wranglerBin()}): run npm install`
if (missing) console.warn(`cloudflare-pages.test.ts skipped: ${missing}`)

beforeAll(async () => {
  if (missing) return
  const port = await freePort()
  // The real command, on the miniature build (DIST_DIR), with its state in a folder of its own.
  preview = spawn(process.execPath, ['--import', 'tsx', 'scripts/cloudflare.ts', 'preview', '--persist-to', state], {
    env: { ...process.env, PORT: String(port), DIST_DIR: dirname(site.clientDir), WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that wrangler and workerd end with it.
    detached: true,
  })
  preview.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  preview.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  origin = `http://127.0.0.1:${port}`
  const started = Date.now()
  while (!/Ready on/.test(output)) {
    if (preview.exitCode !== null) throw new Error(`npm run preview:cloudflare exited with ${preview.exitCode}:\n${output}`)
    if (Date.now() - started > 60_000) throw new Error(`npm run preview:cloudflare did not start within a minute:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  console.log(`preview:cloudflare ready in ${Date.now() - started} ms`)
})

afterAll(() => {
  if (preview?.pid && preview.exitCode === null) process.kill(-preview.pid, 'SIGKILL')
  rmSync(state, { recursive: true, force: true })
  site.remove()
})

/** An answer as a visitor sees it: redirects not followed, a Location as the browser resolves it. */
async function answer(response: Response) {
  const headers = Object.fromEntries(response.headers)
  return { status: response.status, location: headers.location, contentType: headers['content-type'], body: await response.text(), headers }
}
// The Worker's answers are compressed or not by the edge; the Node server's only when asked.
const REQUEST = { redirect: 'manual', headers: { 'accept-encoding': 'identity' } } as const

/**
 * Where the Worker's answer differs from the Node server's, by path: what it sends instead, and why.
 * Each is asserted as it is, so a change on either side shows here.
 */
const KNOWN_DIFFERENCES: Record<string, { contentType?: string; cacheControl?: string; why: string }> = {
  '/favicon.svg': { contentType: 'image/svg+xml', why: 'Workers static assets name no charset for SVG (its XML declares it)' },
  '/sitemap.xml': { contentType: 'application/xml', why: 'Workers static assets name no charset for XML (its declaration does)' },
}

/**
 * Workers static assets send their 404 page with a Cache-Control of their own, which no `_headers` rule can
 * change (a rule adds to it); the Node server sends `no-cache`. Both make every cache revalidate it.
 */
const NOT_FOUND_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

/** A media type as a browser compares it: the charset's name is case-insensitive. */
const mediaType = (value: string | undefined) => value?.replace(/charset=([\w-]+)/i, (_, charset: string) => `charset=${charset.toLowerCase()}`)

describe.skipIf(missing)('npm run preview:cloudflare answers every route like the Node server (tests/unit/routing-table.ts)', () => {
  // The health check comes to this runtime with the API and its database.
  for (const route of ROUTES.filter((route) => route.url !== HEALTH_PATH)) {
    it(`${route.url} → ${route.status} ${route.location ?? route.file}`, async () => {
      const [worker, server] = await Promise.all([answer(await fetch(`${origin}${route.url}`, REQUEST)), answer(await node.request(route.url, REQUEST))])
      expect(worker.status).toBe(server.status)
      expect(worker.location).toBe(server.location)
      expect(mediaType(worker.contentType)).toBe(KNOWN_DIFFERENCES[route.url]?.contentType ?? mediaType(server.contentType))
      if (route.file) expect(worker.body).toBe(servedBody(route.file))
      expect(worker.headers['cache-control']).toBe(
        route.status === 404 ? NOT_FOUND_CACHE_CONTROL : (KNOWN_DIFFERENCES[route.url]?.cacheControl ?? server.headers['cache-control']),
      )
      for (const name of [...Object.keys(EXPECTED_HEADERS), ...Object.keys(route.headers ?? {})]) {
        // The Worker's own redirects (to a page's one URL; old URLs are `_redirects`') do not know the build's inline hashes: their policy allows no inline
        // script or style at all, which a redirect, having no page, never needs.
        const expected =
          name === 'Content-Security-Policy' && canonicalPath(route.url.split('?')[0]!, '')
            ? contentSecurityPolicy({ script: [], style: [] })
            : server.headers[name.toLowerCase()]
        expect(worker.headers[name.toLowerCase()], name).toBe(expected)
      }
    })
  }
})

describe.skipIf(missing)('npm run preview:cloudflare, where the Worker answers', () => {
  it('answers /api/* with a JSON 503 saying the API is not deployed here yet, never the 404 page', async () => {
    for (const [method, path] of [
      ['GET', '/api'],
      ['GET', '/api/leads'],
      ['POST', '/api/leads'],
    ] as const) {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      })
      expect(response.status, `${method} ${path}`).toBe(503)
      expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/)
      expect(await response.json(), `${method} ${path}`).toEqual({ error: 'the API is not deployed on this runtime yet' })
      expect(response.headers.get('x-frame-options'), `${method} ${path}`).toBe('DENY')
    }
  })

  it('answers /404 with the 404 page and status 404, like the Node server', async () => {
    const response = await fetch(`${origin}/404`, REQUEST)
    expect(response.status).toBe(404)
    expect(await response.text()).toBe(servedBody('404.html'))
  })

  it('never serves the files only the Node server or another host reads', async () => {
    for (const path of ['/_headers', '/_redirects', '/vercel.json', '/csp-hashes.json', '/blog.html.gz', '/.assetsignore']) {
      const response = await fetch(`${origin}${path}`, REQUEST)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).toBe(servedBody('404.html'))
    }
  })
})
