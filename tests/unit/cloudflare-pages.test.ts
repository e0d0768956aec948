import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEALTH_PATH, canonicalPath, contentSecurityPolicy } from '../../lib/universal/routes'
import { createApp } from '../../server/app'
import { previewMissing as missing, startPreview, type Preview } from '../../scripts/cloudflare-preview'
import { CONTROL_CHARACTER_PATHS, EXPECTED_HEADERS, ROUTES, servedBody, writeMiniatureSite } from './routing-table'

// `npm run preview:cloudflare` (wrangler.jsonc, worker/index.ts, the build's `_headers` and `_redirects`
// as Workers static assets read them) in local workerd, on the miniature build of routing-table.ts:
// every row of the table must get the Node server's answer, route by route.

const site = writeMiniatureSite()
const node = createApp({ clientDir: site.clientDir })
const state = mkdtempSync(join(tmpdir(), 'wrangler-state-'))
let preview: Preview | undefined
let origin = ''
/** Keys the preview is given, which no command line of its may show. */
const KEYS = { SCORE_WEBHOOK_KEY: 'score-key-not-for-ps', FORM_TIMING_SECRET: 'timing-secret-not-for-ps' }

// Never skipped silently: only a missing wrangler (not installed) skips, and says so.
if (missing) console.warn(`cloudflare-pages.test.ts skipped: ${missing}`)

beforeAll(async () => {
  if (missing) return
  const started = Date.now()
  // The real command, on the miniature build, with its state in a folder of its own.
  preview = await startPreview({ clientDir: site.clientDir, state, env: KEYS })
  origin = preview.origin
  console.log(`preview:cloudflare ready in ${Date.now() - started} ms`)
})

afterAll(async () => {
  if (process.env.SHOW_PREVIEW) console.log(preview?.output())
  await preview?.stop()
  rmSync(state, { recursive: true, force: true })
  site.remove()
})

/** What wrangler's local proxy answers, with 503, when it lost the connection to workerd under a request: the Worker never answered. */
const LOCAL_PROXY_RESTART = 'Your worker restarted mid-request'

/**
 * A POST to the Worker. Now and then (about one run in five on a busy machine) wrangler's local proxy
 * answers a POST 503 with LOCAL_PROXY_RESTART instead of the Worker: the POST is then sent once more. Every
 * 503 is logged with its body; any other answer, and a 503 of another kind, is returned as it is.
 */
async function post(path: string, headers: Record<string, string>, body: string): Promise<Response> {
  const send = () => fetch(`${origin}${path}`, { method: 'POST', headers, body })
  const response = await send()
  if (response.status !== 503) return response
  const text = await response.text()
  console.warn(`POST ${path} answered 503: ${text.slice(0, 300)}`)
  return text.startsWith(LOCAL_PROXY_RESTART) ? send() : new Response(text, response)
}

/** A JSON lead to the Worker from the site's own page, from `address` as Cloudflare names it. */
const postLead = (lead: Record<string, string>, address: string) =>
  post('/api/score', { origin, 'cf-connecting-ip': address, 'content-type': 'application/json' }, JSON.stringify(lead))

/**
 * A GET to the preview. Local workerd now and then holds one request for a minute (seen on `/404`, once
 * in several dozen runs, while other tests' processes started); a GET that has no answer in 15 s is sent
 * once more, so that stall fails no run, while any answer that comes is asserted as it is.
 */
async function get(path: string): Promise<Response> {
  try {
    return await fetch(`${origin}${path}`, { ...REQUEST, signal: AbortSignal.timeout(15_000) })
  } catch (error) {
    if ((error as Error).name !== 'TimeoutError') throw error
    console.warn(`GET ${path}: no answer from local workerd in 15 s; asked again`)
    return fetch(`${origin}${path}`, REQUEST)
  }
}

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
  ...Object.fromEntries(
    [
      '/pagefind/wasm.en.pagefind',
      '/pagefind/pagefind.en_1a2b3c4d5e.pf_meta',
      '/pagefind/index/en_1a2b3c4.pf_index',
      '/pagefind/fragment/en_5d6e7f8.pf_fragment',
    ].map((url) => [
      url,
      {
        contentType: undefined,
        why: 'Workers static assets send no Content-Type for a file type they do not know; pagefind.js reads the files of the search index as bytes',
      },
    ]),
  ),
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
      const [worker, server] = await Promise.all([answer(await get(route.url)), answer(await node.request(route.url, REQUEST))])
      expect(worker.status).toBe(server.status)
      expect(worker.location).toBe(server.location)
      const known = KNOWN_DIFFERENCES[route.url]
      expect(mediaType(worker.contentType)).toBe(known && 'contentType' in known ? known.contentType : mediaType(server.contentType))
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
  it('answers an unknown /api path with the JSON 404 of the Node server, no-store', async () => {
    const asked = [
      ['/api/nothing', undefined],
      ['/api/nothing', 'POST'],
      ['/api', undefined],
      ['/api/score/', undefined],
    ] as const
    for (const [path, method] of asked) {
      const request = () => (method ? post(path, { origin, 'content-type': 'application/json' }, '{}') : get(path))
      const [worker, server] = [await request(), await node.request(path, { method })]
      expect(worker.status, path).toBe(404)
      expect(worker.headers.get('cache-control'), path).toBe('no-store')
      expect(await worker.json(), path).toEqual(await server.json())
    }
  })

  it('refuses the 11th lead from one CF-Connecting-IP in 10 minutes with 429, not another address', async () => {
    const statuses: number[] = []
    for (let i = 1; i <= 11; i++)
      statuses.push(
        (await postLead({ first_name: 'Ed', linkedin_url: `https://www.linkedin.com/in/ed-${i}`, email: `ed-${i}@example.com` }, '71.0.0.9')).status,
      )
    expect(statuses).toEqual([...Array<number>(10).fill(202), 429])
    expect((await postLead({ first_name: 'Flo', linkedin_url: 'https://www.linkedin.com/in/flo', email: 'flo@example.com' }, '71.0.0.10')).status).toBe(202)
  })

  it('answers a path with a control character, /404, and the files only the Node server or another host reads, with the 404 page and status 404', async () => {
    const otherHostsFiles = ['/_headers', '/_redirects', '/vercel.json', '/csp-hashes.json', '/blog.html.gz', '/.assetsignore']
    for (const path of [...CONTROL_CHARACTER_PATHS, '/404', ...otherHostsFiles]) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).toBe(servedBody('404.html'))
    }
  })
})

describe("the Worker's settings", () => {
  it.skipIf(missing)('reach the preview without a command line holding a key, which `ps` shows every local user', () => {
    const lines = execFileSync('ps', ['-ww', '-eo', 'pgid=,args='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim().startsWith(`${preview!.pid} `))
    expect(lines.some((line) => line.includes('wrangler.js dev'))).toBe(true)
    for (const key of Object.values(KEYS)) expect(lines.filter((line) => line.includes(key))).toEqual([])
  })

  it.each([
    ['deploy', {}, /^SITE_URL is not set/],
    ['deploy', { SITE_URL: 'authoritylens.com' }, /^SITE_URL must be the site's origin/],
    ['deploy', { SITE_URL: 'https://authoritylens.com/blog' }, /^SITE_URL must be the site's origin/],
    ['deploy', { SITE_URL: 'https://authoritylens.com', SCORE_WEBHOOK_URL: 'http://hooks.example/score' }, /^SCORE_WEBHOOK_URL is plain http/],
    ['deploy', { SITE_URL: 'https://authoritylens.com', LEAD_RETENTION_DAYS: '0' }, /^LEAD_RETENTION_DAYS must be/],
    ['preview', { AFFILIATE_WEBHOOK_URL: 'hooks.example/click' }, /^AFFILIATE_WEBHOOK_URL must be an absolute https:\/\/ URL/],
  ])('%s with %o: refused with exit 1, naming the setting, before wrangler runs', (command, settings, message) => {
    const args = ['--import', 'tsx', 'scripts/cloudflare.ts', command, ...(command === 'deploy' ? ['--dry-run'] : [])]
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, WRANGLER_SEND_METRICS: 'false', PORT: '0', DIST_DIR: dirname(site.clientDir), ...settings }
    const run = spawnSync(process.execPath, args, { env, encoding: 'utf8', timeout: 30_000 })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(message)
    // Wrangler's banner is the first thing it prints.
    expect(run.stdout + run.stderr).not.toMatch(/wrangler \d/)
  })

  it('are kept out of git where wrangler reads them on its own: .dev.vars, .env, .env.production', () => {
    const ignored = spawnSync('git', ['check-ignore', '.dev.vars', '.env', '.env.production', '.env.example'], { encoding: 'utf8' })
    expect(ignored.stdout.split('\n').filter(Boolean)).toEqual(['.dev.vars', '.env', '.env.production'])
  })
})
