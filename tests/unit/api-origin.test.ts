import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiOriginOf } from '../../pipeline/api-origin'
import { filesUnder } from '../../pipeline/cache'
import { checkStaticHosts, loadHosts } from '../../scripts/static-hosts'
import { EXPECTED_HEADERS, MINIATURE_REDIRECTS } from './routing-table'
import { miniatureSite } from './host-files-fixture'

// Pages on Netlify or Vercel have no API of their own: built with API_ORIGIN, their rule files proxy
// `/api/*` to it, so the form's post (same origin, as the CSP wants) reaches the API; deployed without
// it, every lead would be lost, so their build command stops first.
const API = 'https://api.example.com'
describe('a build with API_ORIGIN', () => {
  const site = miniatureSite([], MINIATURE_REDIRECTS, API)

  it('has Netlify and Vercel send a lead to the API, query and all, and still serve every page as the server does', async () => {
    const hosts = await loadHosts(site.clientDir)
    for (const name of ['netlify', 'vercel'] as const) {
      expect(hosts[name]('/api/score'), name).toMatchObject({ status: 200, proxy: `${API}/api/score` })
      expect(hosts[name]('/api/referrals/click?ref=abc'), name).toMatchObject({ status: 200, proxy: `${API}/api/referrals/click?ref=abc` })
      expect(hosts[name]('/blog'), name).toMatchObject({ status: 200, file: 'blog.html' })
      expect(hosts[name]('/blog/old-post'), name).toMatchObject({ status: 308, location: '/blog/post-a' })
    }
    // Cloudflare Pages proxies only to its own paths: the whole site goes on Workers there.
    expect(hosts.cloudflare('/api/score')).toMatchObject({ status: 404, file: '404.html' })
    expect(await checkStaticHosts(site.clientDir, filesUnder(site.clientDir), EXPECTED_HEADERS)).toEqual([])
  })

  it('writes the proxy rule into _redirects after the old URLs and before every other rule, and the rewrite first in vercel.json', () => {
    const rules = readFileSync(join(site.clientDir, '_redirects'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('/'))
    expect(rules.slice(0, 3)).toEqual(['/blog/old-post /blog/post-a 308', '/old-topic /topics/topic-a 308', `/api/*          ${API}/api/:splat 200`])
    const vercel = JSON.parse(readFileSync(join(site.clientDir, 'vercel.json'), 'utf8')) as { rewrites: unknown[] }
    expect(vercel.rewrites[0]).toEqual({ source: '/api/:path*', destination: `${API}/api/:path*` })
  })
})

describe('a build without API_ORIGIN', () => {
  it('writes no proxy: the hosts answer the API with their 404, as before', async () => {
    const site = miniatureSite()
    expect(readFileSync(join(site.clientDir, '_redirects'), 'utf8')).not.toMatch(/^\/api/m)
    expect(readFileSync(join(site.clientDir, 'vercel.json'), 'utf8')).not.toContain(API)
    const hosts = await loadHosts(site.clientDir)
    for (const name of ['netlify', 'vercel'] as const) expect(hosts[name]('/api/score'), name).toMatchObject({ status: 404, file: '404.html' })
  })
})

describe('API_ORIGIN', () => {
  it('is an https origin, or http on this machine, without a trailing slash; refused, naming the variable, with plain http elsewhere, a path, a query, credentials, or not a URL', () => {
    expect(apiOriginOf('https://api.example.com/')).toBe(API)
    expect(apiOriginOf('https://api.example.com:8443')).toBe('https://api.example.com:8443')
    expect(apiOriginOf('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000')
    expect(apiOriginOf(undefined)).toBeUndefined()
    expect(apiOriginOf('')).toBeUndefined()
    for (const bad of [
      'http://api.example.com',
      'https://api.example.com/api',
      'https://api.example.com?x=1',
      'https://u:p@api.example.com',
      'api.example.com',
    ])
      expect(() => apiOriginOf(bad), bad).toThrow(/^API_ORIGIN must be an https origin/)
  })

  it('stops the build at once when it is bad, naming the variable', () => {
    // Empty content and output folders: were the value not checked first, the build would stop on those instead.
    const root = mkdtempSync(join(tmpdir(), 'api-origin-build-'))
    try {
      const env = {
        ...process.env,
        API_ORIGIN: 'http://api.example.com',
        CONTENT_DIR: root,
        DIST_DIR: join(root, 'dist'),
        BUILD_CACHE_DIR: join(root, 'cache'),
      }
      const build = spawnSync(process.execPath, ['scripts/run-build.mjs'], { env, encoding: 'utf8', timeout: 60_000 })
      expect(build.status).toBe(1)
      expect(build.stderr).toContain('build: API_ORIGIN must be an https origin')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('npm run build:static-host (the Netlify and Vercel build command)', () => {
  const requireApiOrigin = (apiOrigin: string | undefined) => {
    const env: NodeJS.ProcessEnv = { ...process.env, API_ORIGIN: apiOrigin }
    if (apiOrigin === undefined) delete env.API_ORIGIN
    return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/require-api-origin.ts'], { env, encoding: 'utf8' })
  }

  it('stops before building when API_ORIGIN is not set, saying why in one line, and goes on to the build when it is; the build command netlify.toml gives', () => {
    for (const unset of [undefined, '']) {
      const run = requireApiOrigin(unset)
      expect(run.status).toBe(1)
      expect(run.stderr).toBe('API_ORIGIN is not set: on Netlify and Vercel the pages need it to send leads to the API (see README, Deploying)\n')
    }
    expect(requireApiOrigin(API).status).toBe(0)
    expect(readFileSync('netlify.toml', 'utf8')).toMatch(/^\s*command = "npm run build:static-host"$/m)
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
    expect(scripts['build:static-host']).toMatch(/^tsx scripts\/require-api-origin\.ts && /)
  })
})
