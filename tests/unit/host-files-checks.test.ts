// The check:site host check (a page newer than the rule files, the hosts' file and rule limits, a slug
// ending in "md") and the static-host models it runs on: a header set twice, a rule file a host rejects.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../../pipeline/cache'
import { checkFileLimits, checkStaticHosts, fileCountSummary, loadHosts } from '../../scripts/static-hosts'
import { EXPECTED_HEADERS } from './routing-table'
import { miniatureSite } from './host-files-fixture'

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

  // A client folder as the build leaves it, by name only: pages, the bundle's compressed copies, the rule files.
  const folder = (pages: number) => [
    ...Array.from({ length: pages }, (_, index) => `topics/topic-${index}.html`),
    ...['assets/app.js', 'assets/app.js.br', 'assets/app.js.gz', 'csp-hashes.json'],
    ...['_headers', '_redirects', 'vercel.json', '.assetsignore', '404.html', 'index.html'],
  ]

  it('prints the number of files each Cloudflare host would upload against its 20,000, no limit for Netlify and Vercel, and names each host whose limit the folder passes', () => {
    // Cloudflare Pages: all but _headers and _redirects; Workers static assets: neither the rule files nor what .assetsignore lists.
    expect(fileCountSummary(folder(1234))).toBe(
      '1,242 files of 20,000 on Cloudflare Pages, 1,237 files of 20,000 on Workers static assets; no documented limit checked on Netlify and Vercel',
    )
    expect(checkFileLimits(folder(1234))).toEqual([])
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

  it('names a topic whose slug ends in "md", which Netlify\'s `/topics/*.md` rule would send as markdown and noindex, as its parser reads the rule', async () => {
    const doctors = miniatureSite(['topics/linkedin-for-md.html', 'topics/linkedin-for-md.md'])
    const problems = await checkStaticHosts(doctors.clientDir, filesUnder(doctors.clientDir), EXPECTED_HEADERS)
    expect(problems.map((problem) => `${problem.file}: ${problem.problem}`)).toEqual([
      'topics/linkedin-for-md.html: netlify sends /topics/linkedin-for-md with content-type text/markdown; charset=utf-8, which no rule should set for it',
    ])
  })

  it('names a _headers past the 100 rules Cloudflare Pages reads, on a site of 120 top-level pages', async () => {
    const wide = miniatureSite(Array.from({ length: 120 }, (_, index) => `page-${index}.html`))
    const problems = await checkStaticHosts(wide.clientDir, filesUnder(wide.clientDir), EXPECTED_HEADERS)
    expect(problems.map((problem) => `${problem.file}: ${problem.problem}`)).toEqual(['_headers: 159 rules: Cloudflare Pages reads the first 100'])
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
