// `npm run build [-- --fresh]`: validates the content, bundles the code (or takes the bundle from
// the cache), prerenders every page on worker processes (or takes it from the cache when nothing it
// is made from changed), then writes the sitemap, robots.txt and the CSP hashes. One line per phase,
// then a summary. `--fresh` ignores the cache (and refills it).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import type { BuiltPage } from '../lib/built-pages'
import { CONTENT_INDEX_ENV } from '../lib/content/load'
import { loadLayout } from '../lib/layout'
import { clientDir, contentDir, distDir } from '../lib/paths'
import { loadSite } from '../lib/site'
import { prepareBundle, serverEntryOf } from './build/bundle'
import { cacheRoot, digest, digestOfFiles, linkOrCopy } from './build/cache'
import { ContentFailed, indexContent } from './build/content'
import { PageCache } from './build/page-cache'
import { planPages } from './build/pages'
import { count, phase } from './build/progress'
import type { PageJob } from './build/protocol'
import { RenderFailed, RenderPool } from './build/render-pool'
import { writeSiteFiles } from './build/site-files'

/** Pages per render worker below which another worker would cost more to start than it saves. */
const PAGES_PER_WORKER = 200

const { values: options } = parseArgs({ options: { fresh: { type: 'boolean', default: false } } })
const started = performance.now()
const dist = distDir()
const client = clientDir()
const contentRoot = contentDir()
const cacheDir = cacheRoot()

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

// 0. The last build's output moves aside and is deleted while this one runs.
const removals: Array<Promise<void>> = []
for (const name of existsSync(dirname(dist)) ? readdirSync(dirname(dist)) : []) {
  if (name.startsWith(`${basename(dist)}.old-`)) removals.push(rm(join(dirname(dist), name), { recursive: true, force: true }))
}
if (existsSync(dist)) {
  const old = `${dist}.old-${process.pid}`
  renameSync(dist, old)
  removals.push(rm(old, { recursive: true, force: true }))
}

// 1. Content and code side by side: `vike build` runs in its own process while the content is validated.
const bundlePhase = phase('bundle', 0, { live: false })
const bundle = prepareBundle({ cacheDir, distDir: dist, fresh: options.fresh, quiet: !!process.env.BUILD_QUIET })
bundle.then((ready) => bundlePhase.end(ready.built ? 'vike build, cached for the next build' : 'the code is unchanged: reused from the cache'), () => {})

const site = loadSite(contentRoot)
mkdirSync(cacheDir, { recursive: true })
const indexFile = join(cacheDir, `index.${process.pid}.json`)
const pageCache = new PageCache(join(cacheDir, 'pages'), options.fresh)
const pool = new RenderPool({
  serverEntry: serverEntryOf(dist),
  clientDir: client,
  pagesCacheDir: pageCache.dir,
  env: { ...process.env, [CONTENT_INDEX_ENV]: indexFile },
})
// With no page in the cache every page will be rendered: the workers start as soon as the bundle is
// there, while the content is still being validated (they read the index only at their first page).
if (pageCache.empty) bundle.then(() => pool.warm(availableParallelism()), () => {})
const topicFiles = existsSync(join(contentRoot, 'topics')) ? readdirSync(join(contentRoot, 'topics')).filter((name) => name.endsWith('.md')).length : 0
const contentPhase = phase('content', topicFiles)
let indexed = 0
const content = await indexContent(contentRoot, indexFile, (done) => {
  contentPhase.advance(done - indexed)
  indexed = done
}).catch((error: unknown) => fail(error instanceof ContentFailed ? error.message : `build: ${(error as Error).message}`))
const { index, topicDigests, counts } = content
contentPhase.end(`${count(counts.posts)} articles, ${count(counts.topics)} topics, ${counts.pages} pages valid`)
const { dir: bundleDir, digest: bundleDigest } = await bundle.catch((error: unknown) => fail(`build: ${(error as Error).message}`))

// 2. Pages: from the cache when their key is known, else rendered by the workers.
const base = digest(bundleDigest, digestOfFiles(['package-lock.json', 'scripts/build']), JSON.stringify(site), JSON.stringify(loadLayout(contentRoot)), String(new Date().getFullYear()))

const pages: BuiltPage[] = []
let rendered = 0
try {
  const jobs = planPages(await routesOf(bundleDir, pool), index, content.indexText, topicDigests, base)
  const pagesPhase = phase('pages', jobs.length)
  const cached: Array<{ job: PageJob; page: BuiltPage }> = []
  const toRender: PageJob[] = []
  for (const job of jobs) {
    const page = pageCache.lookup(job.key, job.file)
    if (page) cached.push({ job, page })
    else toRender.push(job)
  }
  const rendering = pool.render(toRender, Math.min(availableParallelism(), Math.ceil(toRender.length / PAGES_PER_WORKER)), (key, page) => {
    pageCache.store(key, page)
    pages.push(page)
    rendered++
    pagesPhase.advance()
  })
  const folders = new Set<string>()
  for (const { job, page } of cached) {
    const folder = dirname(join(client, job.file))
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true })
    folders.add(folder)
    linkOrCopy(pageCache.htmlFile(job.key), join(client, job.file))
    pages.push(page)
    pagesPhase.advance()
  }
  await rendering
  pageCache.save()
  pagesPhase.end(`${count(jobs.length)} pages: ${count(rendered)} rendered, ${count(cached.length)} reused from the cache`)
} catch (error) {
  fail(error instanceof RenderFailed ? `build: rendering ${error.message}` : String((error as Error).stack ?? error))
} finally {
  await pool.close()
  rmSync(indexFile, { force: true })
}
rmSync(dirname(serverEntryOf(dist)), { recursive: true, force: true })

// 3. The files made from every page at once.
const sitePhase = phase('sitemap', 0, { live: false })
const report = await writeSiteFiles(client, pages, site)
sitePhase.end(`${report.sitemapFiles.join(' + ')} with ${count(report.sitemapUrls)} URLs, robots.txt, CSP hashes`)
await Promise.all(removals)

// 4. Summary
const kinds = new Map<string, number>()
for (const page of pages) kinds.set(pageKind(page), (kinds.get(pageKind(page)) ?? 0) + 1)
const seconds = (performance.now() - started) / 1000
console.log(`build: ${pages.length} pages: ${[...kinds].sort().map(([kind, n]) => `${kind} ${n}`).join(', ')}`)
console.log(`build: ${count(rendered)} rendered, ${count(pages.length - rendered)} reused from the cache; ${seconds.toFixed(1)} s (${Math.round(pages.length / seconds)} pages/s) into ${client}`)

/** The bundle's routes, asked of a render worker once per bundle and kept beside it: a build with nothing to render starts no worker. */
async function routesOf(bundleDir: string, pool: RenderPool): Promise<string[]> {
  const file = join(bundleDir, 'routes.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as string[]
  const routes = await pool.routes()
  writeFileSync(file, JSON.stringify(routes))
  return routes
}

/** `/topics/x` → `/topics/*`, `/blog` → `/blog`, the 404 page → `404`: the kinds the summary counts. */
function pageKind(page: BuiltPage): string {
  if (page.path === null) return '404'
  const segments = page.path.split('/').filter(Boolean)
  return segments.length > 1 ? `/${segments[0]}/*` : page.path
}
