// The rule files the build writes (_redirects, _headers, vercel.json, .assetsignore): the server's CSP,
// the same bytes in any file order, within the hosts' rule limits at a thousand pages, and the old URLs.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { filesUnder } from '../../pipeline/cache'
import { hostFiles } from '../../pipeline/host-files'
import { checkStaticHosts, loadHosts } from '../../scripts/static-hosts'
import { EXPECTED_HEADERS, MINIATURE_HASHES, MINIATURE_REDIRECTS } from './routing-table'
import { ALL_HOSTS, miniatureSite, miniatureSiteAndHosts } from './host-files-fixture'

const { site, hosts } = await miniatureSiteAndHosts()

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

  it('are the same bytes whatever order the files are listed in (an incremental build must equal a fresh one)', () => {
    const files = filesUnder(site.clientDir)
    expect(hostFiles([...files].reverse(), MINIATURE_HASHES)).toEqual(hostFiles(files, MINIATURE_HASHES))
  })

  it('leave the Node-only health check to the server: every static host answers /healthz with its 404', () => {
    for (const name of ALL_HOSTS) expect(hosts[name]('/healthz'), name).toMatchObject({ status: 404, file: '404.html' })
  })

  it('keep from Workers static assets what only the Node server or Vercel reads (.assetsignore), and the API proxy hint for static hosts, commented out', () => {
    const ignored = readFileSync(join(site.clientDir, '.assetsignore'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
    expect(ignored).toEqual(['vercel.json', 'csp-hashes.json', '*.gz', '*.br'])
    expect(readFileSync(join(site.clientDir, '_redirects'), 'utf8')).toMatch(/^# \/api\/\* +https:\/\/api\.example\.com\/api\/:splat +200$/m)
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

describe('the old URLs in the generated rule files', () => {
  it('come before every rule with a placeholder in _redirects (Cloudflare Pages counts each rule after the first such one against its 100), and are redirects of vercel.json with status 308', () => {
    const rules = readFileSync(join(site.clientDir, '_redirects'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('/'))
    expect(rules.slice(0, 2)).toEqual(['/blog/old-post /blog/post-a 308', '/old-topic /topics/topic-a 308'])
    expect(rules.slice(2).every((line) => line.includes('*') || !line.endsWith('308'))).toBe(true)
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
