import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { FORM_TIMING_COOKIE } from '../../server/form-timing'
import { filesUnder } from '../../pipeline/cache'
import {
  WRANGLER_CONFIG,
  checkStaticHosts,
  loadHosts,
  pathsLeftToAssets,
  readRunWorkerFirst,
  workerRunsFirst,
  type RunWorkerFirst,
} from '../../scripts/static-hosts'
import { EXPECTED_HEADERS } from './routing-table'
import { miniatureSite } from './host-files-fixture'

// The whole site on Cloudflare Workers as check:site models it (scripts/static-hosts.ts): where wrangler.jsonc's
// `run_worker_first` sends a request to the Worker, what the Worker answers that the static assets alone would
// answer otherwise. host-files-routes.test.ts holds the model to the routing table; this file, to the config and the
// form-timing cookie, which the table's pages (without the form) do not show.

const FORM_PAGE = '<!doctype html><form method="post" action="/api/score"></form>'
const scratch = mkdtempSync(join(tmpdir(), 'wrangler-config-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
let edits = 0

/** wrangler.jsonc with `edit` applied to its text, in a scratch folder. */
function editedConfig(edit: (text: string) => string): string {
  const text = readFileSync(WRANGLER_CONFIG, 'utf8')
  const edited = edit(text)
  expect(edited, 'the edit changed the file').not.toBe(text)
  const file = join(scratch, `wrangler-${++edits}.jsonc`)
  writeFileSync(file, edited)
  return file
}

const problemsOf = async (clientDir: string, runWorkerFirst?: RunWorkerFirst) =>
  (await checkStaticHosts(clientDir, filesUnder(clientDir), EXPECTED_HEADERS, runWorkerFirst)).map((problem) => `${problem.file}: ${problem.problem}`)

describe("the Workers model's run_worker_first", () => {
  it('is read from wrangler.jsonc, whose list sends the Worker every path it must answer', () => {
    const setting = readRunWorkerFirst()
    expect(setting).toEqual(expect.arrayContaining(['/', '/dashboard', '/dashboard/*', '/api/*', '/*.html', '/*/', '/404', '/*.md']))
    expect(pathsLeftToAssets(setting)).toEqual([])
  })

  it('follows the file: without "/*/", /blog/ gets the assets\' 307, and check:site names the path the Worker no longer sees', async () => {
    const site = miniatureSite()
    const setting = readRunWorkerFirst(editedConfig((text) => text.replace('"/*/", ', '')))
    expect((await loadHosts(site.clientDir)).workers('/blog/?utm_source=x')).toMatchObject({ status: 308, location: '/blog?utm_source=x' })
    expect((await loadHosts(site.clientDir, setting)).workers('/blog/?utm_source=x')).toMatchObject({ status: 307, location: '/blog?utm_source=x' })
    expect(await problemsOf(site.clientDir, setting)).toEqual([
      "wrangler.jsonc: assets.run_worker_first leaves /blog/ to the static assets; the Worker must answer it (a page's one URL with 308, where the assets send 307)",
    ])
  })

  it('names the /dashboard paths when "/dashboard/*" is left out: their form-timing cookie would be lost', async () => {
    const setting = readRunWorkerFirst(editedConfig((text) => text.replace('"/dashboard/*", ', '')))
    expect(await problemsOf(miniatureSite().clientDir, setting)).toEqual([
      'wrangler.jsonc: assets.run_worker_first leaves /dashboard/x to the static assets; the Worker must answer it (the form-timing cookie on a page with the free-score form)',
    ])
  })

  it('refuses assets settings it does not model, naming the file and the setting', () => {
    const file = editedConfig((text) => text.replace('"drop-trailing-slash"', '"auto-trailing-slash"'))
    expect(() => readRunWorkerFirst(file)).toThrow(
      /wrangler-\d+\.jsonc: the Workers model knows assets\.html_handling "drop-trailing-slash" only, not "auto-trailing-slash"/,
    )
  })

  it('matches as Workers do: `*` across slashes, `!` excluding whatever else matches', () => {
    const runsFirst = workerRunsFirst(['/', '/api/*', '!/api/docs/*', '/*.md'])
    expect(['/', '/api/score', '/api/docs', '/topics/a/b.md'].filter(runsFirst)).toEqual(['/', '/api/score', '/api/docs', '/topics/a/b.md'])
    expect(['/blog', '/api/docs/x', '/apix', '/topics/a.mdx'].filter(runsFirst)).toEqual([])
  })
})

const workers = (await loadHosts(miniatureSite().clientDir)).workers

describe('the Workers model', () => {
  it('gives a page with the free-score form the form-timing cookie, private, on / and every /dashboard path, as the server does', async () => {
    const site = miniatureSite()
    writeFileSync(join(site.clientDir, 'index.html'), FORM_PAGE)
    const server = createApp({ clientDir: site.clientDir })
    const formWorkers = (await loadHosts(site.clientDir)).workers
    for (const url of ['/', '/dashboard', '/dashboard/reports/2025']) {
      const sent = await server.request(url)
      expect(sent.headers.get('set-cookie'), url).toMatch(new RegExp(`^${FORM_TIMING_COOKIE}=`))
      expect(formWorkers(url), url).toMatchObject({
        status: 200,
        file: 'index.html',
        cookie: FORM_TIMING_COOKIE,
        headers: { 'cache-control': sent.headers.get('cache-control') },
      })
    }
    expect(await problemsOf(site.clientDir)).toEqual([])
  })

  it('is named by check:site when a page with the form is not one the Worker gives the cookie', async () => {
    const site = miniatureSite()
    writeFileSync(join(site.clientDir, 'privacy-policy.html'), FORM_PAGE)
    expect((await createApp({ clientDir: site.clientDir }).request('/privacy-policy')).headers.get('set-cookie')).toMatch(new RegExp(`^${FORM_TIMING_COOKIE}=`))
    expect(await problemsOf(site.clientDir)).toEqual([
      'privacy-policy.html: workers sends /privacy-policy without the form-timing cookie, which the server sets on every page with the free-score form',
    ])
  })

  it('sends a missing markdown twin as the server does: the 404 page as HTML, not noindex', () => {
    const answer = workers('/topics/no-such-topic.md')
    expect(answer).toMatchObject({ status: 404, file: '404.html', headers: { 'content-type': 'text/html; charset=utf-8' } })
    expect(answer.headers).not.toHaveProperty('x-robots-tag')
  })

  it('never serves the files only the Node server or another host reads, as the real Worker does not', () => {
    for (const path of ['/_headers', '/_redirects', '/vercel.json', '/csp-hashes.json', '/blog.html.gz', '/.assetsignore'])
      expect(workers(path), path).toMatchObject({ status: 404, file: '404.html' })
  })

  it("hands /api and every path under it to the Worker's own API, query and all", () => {
    expect(workers('/api/score')).toMatchObject({ status: 200, proxy: '/api/score' })
    expect(workers('/api/referrals/click?ref=abc')).toMatchObject({ status: 200, proxy: '/api/referrals/click?ref=abc' })
  })
})
