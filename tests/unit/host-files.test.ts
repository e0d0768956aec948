import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { filesUnder } from '../../pipeline/cache'
import { hostFiles } from '../../pipeline/host-files'
import type { HostAnswer, HostName } from '../../scripts/host-models'
import { checkFileLimits, checkStaticHosts, fileCountSummary, loadHosts } from '../../scripts/static-hosts'
import { EXPECTED_HEADERS, MINIATURE_HASHES, MINIATURE_REDIRECTS, ROUTES, type Route, writeMiniatureSite } from './routing-table'
import { HEALTH_PATH, type Redirect } from '../../lib/universal/routes'

// The rule files the build writes from the route table (_redirects, _headers, vercel.json), as each
// static host reads them, must answer like the Node server: the same table (routing-table.ts) that
// server.test.ts holds the server to. They are written here for a miniature build, as the build does.
const sites: Array<{ remove: () => void }> = []
function miniatureSite(extraFiles: readonly string[] = [], redirects?: readonly Redirect[]) {
  const site = writeMiniatureSite(extraFiles, redirects)
  sites.push(site)
  return site
}
afterAll(() => sites.forEach((site) => site.remove()))

const site = miniatureSite()
const hosts = await loadHosts(site.clientDir)
const HOSTS = ['cloudflare', 'netlify', 'vercel'] as const
/** The static hosts and the whole site on Cloudflare Workers (wrangler.jsonc, worker/index.ts). */
const ALL_HOSTS = [...HOSTS, 'workers'] as const

/**
 * Where a host cannot give the server's answer whatever our files say. Each entry names the page the
 * host serves instead; its canonical link still names the one URL, so search engines see one page.
 */
const KNOWN_DIFFERENCES: Partial<Record<HostName, Record<string, { file: string; why: string }>>> = {
  netlify: {
    '/blog/?utm_source=x': { file: 'blog.html', why: 'Netlify drops a trailing slash before any rule runs, so no rule can redirect it' },
    '/topics/topic-a/': { file: 'topics/topic-a.html', why: 'Netlify drops a trailing slash before any rule runs, so no rule can redirect it' },
    '/blog.html': { file: 'blog.html', why: 'Netlify serves every file by its own name too' },
    '/index.html': { file: 'index.html', why: 'Netlify serves every file by its own name too' },
  },
}

function expectAnswer(answer: HostAnswer, route: Route) {
  expect(answer.status).toBe(route.status)
  if (route.location) expect(answer.location).toBe(route.location)
  if (route.file) expect(answer.file).toBe(route.file)
  if (route.cacheControl) expect(answer.headers['cache-control']).toBe(route.cacheControl)
  for (const [name, value] of Object.entries(route.headers ?? {})) expect(answer.headers[name.toLowerCase()], name).toBe(value)
  if (route.status !== 308) {
    for (const [name, value] of Object.entries(EXPECTED_HEADERS)) expect(answer.headers[name.toLowerCase()], name).toBe(value)
  }
}

for (const name of HOSTS) {
  describe(`${name}: the generated rule files answer like the Node server`, () => {
    for (const route of ROUTES.filter((route) => !route.nodeOnly)) {
      const difference = KNOWN_DIFFERENCES[name]?.[route.url]
      it(`${route.url} → ${difference ? `200 ${difference.file} (${difference.why})` : `${route.status} ${route.location ?? route.file}`}`, () => {
        const answer = hosts[name](route.url)
        if (difference) expect(answer).toMatchObject({ status: 200, file: difference.file })
        else expectAnswer(answer, route)
      })
    }
  })
}

/**
 * The Workers model answers every row as the real Worker does in local workerd (cloudflare-pages.test.ts):
 * the Node-only rows too, which it runs first for, but the health check, which comes with the API.
 */
describe('workers: wrangler.jsonc, the Worker and the rule files answer like the Node server', () => {
  for (const route of ROUTES.filter((route) => route.url !== HEALTH_PATH)) {
    it(`${route.url} → ${route.status} ${route.location ?? route.file}`, () => {
      const answer = hosts.workers(route.url)
      expectAnswer(answer, route)
      // The assets' own Cache-Control on their 404 page, as local workerd sends it (NOT_FOUND_CACHE_CONTROL there).
      if (route.status === 404) expect(answer.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    })
  }
})

describe('the generated rule files', () => {
  it('carry exactly the Content-Security-Policy the server sends for / in the same build, its hashes included', async () => {
    const served = (await createApp({ clientDir: site.clientDir }).request('/')).headers.get('content-security-policy')
    expect(served).toContain(`'${MINIATURE_HASHES.style[0]}'`)
    expect(served).toContain(`'${MINIATURE_HASHES.script[0]}'`)
    // Netlify, Cloudflare Pages and Workers static assets read _headers; Vercel, vercel.json.
    for (const name of ALL_HOSTS) expect(hosts[name]('/').headers['content-security-policy'], name).toBe(served)
    expect(readFileSync(join(site.clientDir, '_headers'), 'utf8')).toContain(`  Content-Security-Policy: ${served}\n`)
    const vercel = JSON.parse(readFileSync(join(site.clientDir, 'vercel.json'), 'utf8')) as {
      headers: Array<{ headers: Array<{ key: string; value: string }> }>
    }
    expect(vercel.headers.flatMap((rule) => rule.headers).filter((header) => header.key === 'Content-Security-Policy')).toEqual([
      { key: 'Content-Security-Policy', value: served },
    ])
  })

  it('pass the check:site host check: every page and file as the server sends it', async () => {
    expect(await checkStaticHosts(site.clientDir, filesUnder(site.clientDir), EXPECTED_HEADERS)).toEqual([])
  })

  it('are the same bytes whatever order the files are listed in (an incremental build must equal a fresh one)', () => {
    const files = filesUnder(site.clientDir)
    expect(hostFiles([...files].reverse(), MINIATURE_HASHES)).toEqual(hostFiles(files, MINIATURE_HASHES))
  })

  it('leave the Node-only health check to the server: every static host answers /healthz with its 404', () => {
    for (const name of ALL_HOSTS) expect(hosts[name]('/healthz'), name).toMatchObject({ status: 404, file: '404.html' })
  })

  it('keep from Workers static assets what only the Node server or Vercel reads: .assetsignore', () => {
    const ignored = readFileSync(join(site.clientDir, '.assetsignore'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
    expect(ignored).toEqual(['vercel.json', 'csp-hashes.json', '*.gz', '*.br'])
  })

  it('keep the API proxy hint for static hosts, commented out', () => {
    expect(readFileSync(join(site.clientDir, '_redirects'), 'utf8')).toMatch(/^# \/api\/\* +https:\/\/api\.example\.com\/api\/:splat +200$/m)
  })

  it('stay within the 100 _headers rules Cloudflare Pages reads when there are a thousand topics and articles', async () => {
    const many = Array.from({ length: 1000 }, (_, index) => [`topics/topic-${index}.html`, `blog/post-${index}.html`]).flat()
    const large = miniatureSite(many)
    const headers = readFileSync(join(large.clientDir, '_headers'), 'utf8')
    expect(headers).toContain('\n/topics/:slug\n  Cache-Control: no-cache\n')
    expect(headers.match(/^\//gm)!.length).toBeLessThanOrEqual(100)
    expect(await checkStaticHosts(large.clientDir, filesUnder(large.clientDir), EXPECTED_HEADERS)).toEqual([])
  })

  it('cover a thousand topics and articles with their markdown twins in a few rules: each twin revalidated like its page, as markdown, noindex', async () => {
    const many = Array.from({ length: 1000 }, (_, index) => [
      `topics/topic-${index}.html`,
      `topics/topic-${index}.md`,
      `blog/post-${index}.html`,
      `blog/post-${index}.md`,
    ])
    const large = miniatureSite(many.flat())
    const headers = readFileSync(join(large.clientDir, '_headers'), 'utf8')
    expect(headers).toContain('\n/topics/:slug\n  Cache-Control: no-cache\n')
    expect(headers).toContain('\n/topics/*.md\n  Content-Type: text/markdown; charset=utf-8\n  X-Robots-Tag: noindex\n')
    expect(headers.match(/^\//gm)!.length).toBeLessThanOrEqual(100)
    expect(await checkStaticHosts(large.clientDir, filesUnder(large.clientDir), EXPECTED_HEADERS)).toEqual([])
    const models = await loadHosts(large.clientDir)
    for (const name of ALL_HOSTS) {
      expect(models[name]('/topics/topic-7.md').headers, name).toMatchObject({
        'content-type': 'text/markdown; charset=utf-8',
        'x-robots-tag': 'noindex',
        'cache-control': 'no-cache',
      })
      expect(models[name]('/topics/topic-7').headers, name).not.toHaveProperty('x-robots-tag')
    }
  })

  it('give a file beside pages, or in a folder of its own, its hour and the pages no-cache', async () => {
    const mixed = miniatureSite(['blog/cover.png', 'images/a.png', 'images/deep/b.png'])
    expect(await checkStaticHosts(mixed.clientDir, filesUnder(mixed.clientDir), EXPECTED_HEADERS)).toEqual([])
    const models = await loadHosts(mixed.clientDir)
    for (const name of ALL_HOSTS) {
      expect(models[name]('/blog/cover.png').headers['cache-control'], name).toBe('public, max-age=3600')
      expect(models[name]('/images/deep/b.png').headers['cache-control'], name).toBe('public, max-age=3600')
      expect(models[name]('/blog/post-a').headers['cache-control'], name).toBe('no-cache')
    }
  })
})

describe('the check:site host check', () => {
  it('names a page built after the rule files were written, which a host would cache by its own rules', async () => {
    const stale = miniatureSite()
    writeFileSync(join(stale.clientDir, 'careers.html'), 'served:careers.html')
    const problems = await checkStaticHosts(stale.clientDir, filesUnder(stale.clientDir), EXPECTED_HEADERS)
    expect(problems.map((problem) => `${problem.file}: ${problem.problem}`)).toEqual([
      'careers.html: netlify sends /careers with cache-control (host default), the server no-cache',
      'careers.html: cloudflare sends /careers with cache-control (host default), the server no-cache',
      'careers.html: workers sends /careers with cache-control (host default), the server no-cache',
    ])
  })
})

describe('a missing markdown twin (a known difference, docs/deploying.md "Static hosts")', () => {
  it("gets the 404 page labelled markdown and noindex by the twins' header rule on every static host; the server sends it as HTML", async () => {
    const server = await createApp({ clientDir: site.clientDir }).request('/topics/no-such-topic.md')
    expect(server.status).toBe(404)
    expect(server.headers.get('content-type')).toMatch(/^text\/html;/)
    // Header rules match the requested path whatever answers it; one rule per twin would pass Cloudflare's 100 rules.
    for (const name of HOSTS)
      expect(hosts[name]('/topics/no-such-topic.md'), name).toMatchObject({
        status: 404,
        file: '404.html',
        headers: { 'content-type': 'text/markdown; charset=utf-8', 'x-robots-tag': 'noindex' },
      })
  })
})

describe('the check:site host check, on the number of files', () => {
  // A client folder as the build leaves it, by name only: pages, the bundle's compressed copies, the rule files.
  const folder = (pages: number) => [
    ...Array.from({ length: pages }, (_, index) => `topics/topic-${index}.html`),
    ...['assets/app.js', 'assets/app.js.br', 'assets/app.js.gz', 'csp-hashes.json'],
    ...['_headers', '_redirects', 'vercel.json', '.assetsignore', '404.html', 'index.html'],
  ]

  it('prints the count each Cloudflare host would upload against its 20,000 files, and no limit for Netlify and Vercel', () => {
    // Cloudflare Pages: all but _headers and _redirects; Workers static assets: neither the rule files nor what .assetsignore lists.
    expect(fileCountSummary(folder(1234))).toBe(
      '1,242 files of 20,000 on Cloudflare Pages, 1,237 files of 20,000 on Workers static assets; no documented limit checked on Netlify and Vercel',
    )
    expect(checkFileLimits(folder(1234))).toEqual([])
  })

  it('names each host whose limit the folder passes, with the count and the limit', () => {
    // 19,998 pages: 20,001 files for Workers static assets, 20,006 for Cloudflare Pages.
    expect(checkFileLimits(folder(19_998)).map((problem) => problem.problem)).toEqual([
      '20,006 files: Cloudflare Pages takes at most 20,000 a deployment (free plan)',
      '20,001 files: Workers static assets takes at most 20,000 a deployment (free plan)',
    ])
    // Only Cloudflare Pages uploads the compressed copies and the other hosts' files.
    expect(checkFileLimits(folder(19_995)).map((problem) => problem.problem)).toEqual([
      '20,003 files: Cloudflare Pages takes at most 20,000 a deployment (free plan)',
    ])
  })
})

describe('the check:site host check, on a topic whose slug ends in "md"', () => {
  it("names the page Netlify's `/topics/*.md` rule would send as markdown and noindex, as its parser reads the rule", async () => {
    const doctors = miniatureSite(['topics/linkedin-for-md.html', 'topics/linkedin-for-md.md'])
    const problems = await checkStaticHosts(doctors.clientDir, filesUnder(doctors.clientDir), EXPECTED_HEADERS)
    expect(problems.map((problem) => `${problem.file}: ${problem.problem}`)).toEqual([
      'topics/linkedin-for-md.html: netlify sends /topics/linkedin-for-md with content-type text/markdown; charset=utf-8, which no rule should set for it',
    ])
  })
})

describe('the check:site host check, on a site of 120 top-level pages', () => {
  it('names a _headers past the 100 rules Cloudflare Pages reads', async () => {
    const wide = miniatureSite(Array.from({ length: 120 }, (_, index) => `page-${index}.html`))
    const problems = await checkStaticHosts(wide.clientDir, filesUnder(wide.clientDir), EXPECTED_HEADERS)
    expect(problems.map((problem) => `${problem.file}: ${problem.problem}`)).toEqual(['_headers: 159 rules: Cloudflare Pages reads the first 100'])
  })
})

describe('the old URLs in the generated rule files', () => {
  it('come before every rule with a placeholder in _redirects (Cloudflare Pages counts each rule after the first such one against its 100)', () => {
    const rules = readFileSync(join(site.clientDir, '_redirects'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('/'))
    expect(rules.slice(0, 2)).toEqual(['/blog/old-post /blog/post-a 308', '/old-topic /topics/topic-a 308'])
    expect(rules.slice(2).every((line) => line.includes('*') || !line.endsWith('308'))).toBe(true)
  })

  it('are redirects of vercel.json with status 308', () => {
    const vercel = JSON.parse(readFileSync(join(site.clientDir, 'vercel.json'), 'utf8')) as { redirects: unknown[] }
    expect(vercel.redirects).toEqual(MINIATURE_REDIRECTS.map(({ from, to }) => ({ source: from, destination: to, statusCode: 308 })))
  })

  it('are left out of both files when the site has none, which then keep their bytes from before old URLs', () => {
    const none = miniatureSite([], [])
    expect(readFileSync(join(none.clientDir, '_redirects'), 'utf8')).not.toContain('308')
    expect(readFileSync(join(none.clientDir, 'vercel.json'), 'utf8')).not.toContain('redirects')
  })

  it('are named by the check:site host check when a host would not send one to its page', async () => {
    const stale = miniatureSite()
    // The server's list gains an old URL the rule files were not written with.
    writeFileSync(join(stale.clientDir, '..', 'redirects.json'), JSON.stringify([...MINIATURE_REDIRECTS, { from: '/blog/older-post', to: '/blog/post-a' }]))
    const problems = await checkStaticHosts(stale.clientDir, filesUnder(stale.clientDir), EXPECTED_HEADERS)
    expect(problems.filter((problem) => problem.problem.includes('old URL')).map((problem) => `${problem.file}: ${problem.problem}`)).toEqual([
      '_redirects: netlify answers the old URL /blog/older-post with 404 404.html, the server 308 /blog/post-a',
      '_redirects: cloudflare answers the old URL /blog/older-post with 404 404.html, the server 308 /blog/post-a',
      'vercel.json: vercel answers the old URL /blog/older-post with 404 404.html, the server 308 /blog/post-a',
      '_redirects: workers answers the old URL /blog/older-post with 404 404.html, the server 308 /blog/post-a',
    ])
  })

  it('past 2,000 are named as more than Cloudflare Pages applies, and past Vercel’s 2,048 routes, while every host still answers each', async () => {
    const many = Array.from({ length: 2100 }, (_, index) => ({ from: `/topics/old-${String(index).padStart(4, '0')}`, to: '/topics/topic-a' }))
    const large = miniatureSite([], many)
    const problems = await checkStaticHosts(large.clientDir, filesUnder(large.clientDir), EXPECTED_HEADERS)
    expect(problems.map((problem) => `${problem.file}: ${problem.problem}`)).toEqual([
      '_redirects: 2101 static rules: Cloudflare Pages applies the first 2000',
      expect.stringMatching(/^vercel\.json: 21\d\d routes: Vercel takes 2048 a deployment$/),
    ])
    const models = await loadHosts(large.clientDir)
    for (const name of ALL_HOSTS) expect(models[name]('/topics/old-2099'), name).toMatchObject({ status: 308, location: '/topics/topic-a' })
  })
})

describe('the static-host models', () => {
  it('notice a header set twice for one path (hosts would join the values)', async () => {
    const twice = miniatureSite()
    writeFileSync(join(twice.clientDir, '_headers'), '/blog\n  Cache-Control: no-cache\n/blog*\n  Cache-Control: public, max-age=60\n')
    const models = await loadHosts(twice.clientDir)
    expect(models.cloudflare('/blog').headers['cache-control']).toBe('no-cache, public, max-age=60')
    expect(models.netlify('/blog').headers['cache-control']).toBe('no-cache, public, max-age=60')
  })

  it('fail on a rule file a host would reject, naming it', async () => {
    const bad = miniatureSite()
    writeFileSync(join(bad.clientDir, '_redirects'), '/dashboard\n')
    await expect(loadHosts(bad.clientDir)).rejects.toThrow(/_redirects/)
  })
})
