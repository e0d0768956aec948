// Every row of the route table (routing-table.ts), asked of each static host's model reading the rule
// files the build writes, and of the Workers model: each answers like the Node server, or as noted.
import { describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import type { HostAnswer, HostName } from '../../scripts/host-models'
import { EXPECTED_HEADERS, ROUTES, type Route } from './routing-table'
import { HEALTH_PATH } from '../../lib/universal/routes'
import { HOSTS, miniatureSiteAndHosts } from './host-files-fixture'

// The rule files the build writes from the route table (_redirects, _headers, vercel.json), as each
// static host reads them, must answer like the Node server: the same table (routing-table.ts) that
// server.test.ts holds the server to. They are written here for a miniature build, as the build does.
const { site, hosts } = await miniatureSiteAndHosts()

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
