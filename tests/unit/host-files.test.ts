import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadHosts, type HostAnswer, type HostName } from '../../scripts/static-hosts'
import { EXPECTED_HEADERS, ROUTES, type Route, writeMiniatureSite } from './routing-table'

// public/_redirects, public/_headers and vercel.json, as each static host reads them, must answer
// like the Node server: the same table (routing-table.ts) that server.test.ts holds the server to.
const site = writeMiniatureSite()
afterAll(site.remove)
const hosts = await loadHosts(site.clientDir, { redirectsFile: 'public/_redirects', headersFile: 'public/_headers', vercelJson: 'vercel.json' })

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
  if (route.status !== 308) {
    for (const [name, value] of Object.entries(EXPECTED_HEADERS)) expect(answer.headers[name.toLowerCase()], name).toBe(value)
  }
}

for (const name of ['cloudflare', 'netlify', 'vercel'] as const) {
  describe(`${name}: the rule files answer like the Node server`, () => {
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

describe('the static-host models', () => {
  it('notice a header set twice for one path (hosts would join the values)', async () => {
    const headersFile = join(site.clientDir, '_headers.twice')
    writeFileSync(headersFile, '/blog\n  Cache-Control: no-cache\n/blog*\n  Cache-Control: public, max-age=60\n')
    const models = await loadHosts(site.clientDir, { redirectsFile: 'public/_redirects', headersFile, vercelJson: 'vercel.json' })
    expect(models.cloudflare('/blog').headers['cache-control']).toBe('no-cache, public, max-age=60')
  })

  it('fail on a rule file a host would reject, naming it', async () => {
    const redirectsFile = join(site.clientDir, '_redirects.bad')
    writeFileSync(redirectsFile, '/dashboard\n')
    await expect(loadHosts(site.clientDir, { redirectsFile, headersFile: 'public/_headers', vercelJson: 'vercel.json' })).rejects.toThrow(/_redirects\.bad/)
  })
})
