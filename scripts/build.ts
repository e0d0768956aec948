// `npm run build [-- --fresh]`: validates the content, bundles the code (or takes the bundle from
// the cache), prerenders every page on worker processes (or takes it from the cache when nothing it
// is made from changed), then writes the sitemap, robots.txt, the CSP hashes and the static hosts'
// rule files, and compiles the Node server to dist/server/. One line per phase, then a summary. `--fresh` ignores the cache (and refills it).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import type { BuiltPage } from '../lib/node/built-pages.server'
import type { FileLinks } from '../lib/node/content-links.server'
import { ContentError } from '../lib/node/content-files.server'
import { contentIndex, readContent, readContentWithoutTopics } from '../lib/node/content.server'
import type { ContentIndex, TopicEntry } from '../lib/universal/content/types'
import { loadUiText } from '../lib/node/ui-text.server'
import { ImageCache } from '../lib/node/image-cache.server'
import { IMAGES_URL } from '../lib/node/images.server'
import { buildCacheDir, clientDir, contentDir, distDir, imageCacheDir } from '../lib/node/paths.server'
import { loadAiCrawlers, loadSite } from '../lib/node/site.server'
import {
  BUILD_DATE_ENV,
  PUBLICATION_RECORD,
  buildDate,
  imagesShown,
  leftOutOf,
  leftOutSummary,
  publicationOf,
  type LeftOut,
  type Publishing,
} from '../lib/node/publication.server'
import { redirectLimitWarning, type RedirectingPage } from '../lib/node/redirects.server'
import { checkLinksAndRedirects, type FileProblems } from '../lib/node/site-checks.server'
import type { Redirect } from '../lib/universal/routes'
import { FORM_PAGE_FILE } from '../lib/universal/form-page'
import { prepareBundle, serverEntryOf } from './build/bundle'
import { digest, linkOrCopy } from './build/cache'
import { PageCache } from './build/page-cache'
import { listingKeys, planListingPages, planTopicPages, type TopicSource } from './build/pages'
import { count, phase, type Phase } from './build/progress'
import { readTopicSources } from './build/related-topics'
import type { PageJob, TopicFacts } from './build/protocol'
import { RenderFailed, RenderPool } from './build/render-pool'
import { CardDrawFailed, CardStage } from './build/cards'
import { DRAWING_DIGEST_ENV, NO_CARDS_ENV, cardsEnabled } from '../lib/node/cards/cards.server'
import { buildCode } from './build/code'
import { writeSiteFiles } from './build/site-files'
import { API_ORIGIN_ENV, apiOriginOf } from './build/api-origin'
import { writeReportSheets } from './build/report-sheets'
import { compileServer, compiledServerOf } from './build/server-bundle'

/** Pages per render worker below which another worker would cost more to start than it saves. */
const PAGES_PER_WORKER = 200

const { values: options } = parseArgs({ options: { fresh: { type: 'boolean', default: false }, 'no-cards': { type: 'boolean', default: false } } })
// `--no-cards`: no page names a drawn card or the raster logo (the render workers read this), and none is drawn.
if (options['no-cards']) process.env[NO_CARDS_ENV] = '1'
const started = performance.now()
const dist = distDir()
const client = clientDir()
const contentRoot = contentDir()
const cacheDir = buildCacheDir()

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

// The day this build publishes for (BUILD_DATE, else today), one for the whole build and its workers:
// drafts and entries dated after it are left out (lib/node/publication.server.ts). `npm run dev` shows them.
let today: string
try {
  today = buildDate()
} catch (error) {
  fail(`build: ${(error as Error).message}`)
}
const publishing: Publishing = { today, showUnpublished: false }

// Where Netlify and Vercel proxy `/api/*` (API_ORIGIN), checked before anything is built; unset, no proxy rule.
let apiOrigin: string | undefined
try {
  apiOrigin = apiOriginOf(process.env[API_ORIGIN_ENV])
} catch (error) {
  fail(`build: ${(error as Error).message}`)
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
let serverReady = () => {}
const serverBundle = new Promise<void>((resolve) => (serverReady = resolve))
// What the code outside Vite's bundles is made of, found by following its imports (scripts/build/code.ts).
const code = buildCode()
const bundle = prepareBundle({
  cacheDir,
  distDir: dist,
  fresh: options.fresh,
  quiet: !process.env.BUILD_VERBOSE,
  made: code.then(({ bundleMakers }) => bundleMakers),
  onServerReady: () => serverReady(),
})
bundle.then(
  (ready) => bundlePhase.end(ready.built ? 'vike build, cached for the next build' : 'the code is unchanged: reused from the cache'),
  () => {},
)

const site = loadSite(contentRoot)
mkdirSync(cacheDir, { recursive: true })
const pageCache = new PageCache(join(cacheDir, 'pages'), options.fresh)
const pool = new RenderPool({
  serverEntry: serverEntryOf(dist),
  // The card URLs a page names carry the drawing's digest: the workers render with the one found here.
  serverReady: Promise.all([serverBundle, code]).then(([, { drawing }]) => ({ [DRAWING_DIGEST_ENV]: drawing })),
  clientDir: client,
  pagesCacheDir: pageCache.dir,
  env: { ...process.env, [BUILD_DATE_ENV]: publishing.today },
})
// With no page in the cache every page will be rendered: the workers start now, loading their
// packages while the code is bundled and the content read.
if (pageCache.empty) pool.warm(availableParallelism())
// The pictures the pages name are drawn (or taken from the cache) as the pages report them, on one
// thread beside the render workers, then on one per core. The first thread starts with the first
// picture to draw, not now: beside `vike build`, the render workers starting and the images being
// encoded, it took a 1,000-topic build's peak memory from about 850 to 1,015 MiB.
const cards = new CardStage(join(cacheDir, 'cards'), client, options.fresh)

// The articles, the fixed pages and the topic files' names are validated now; each topic file is
// validated by the worker that renders its page (a reused page's file is unchanged since it was).
// Their images are encoded now too, or taken from the cache when encoded before.
const contentPhase = phase('content', 0, { live: false })
const images = new ImageCache(imageCacheDir(), options.fresh)
const content = await readContentWithoutTopics(contentRoot, site, images, publishing)
if (content.problems.length > 0) {
  // List every problem at once, the topics' and the links' too, before rendering anything.
  await readContent(contentRoot, site, undefined, images, publishing).catch((error: unknown) => fail((error as Error).message))
  fail(new ContentError(content.problems).message)
}
const { rendering, drawing, facts } = await code.catch((error: unknown) => fail(`build: ${(error as Error).message}`))
const topicSources: TopicSource[] = readTopicSources(content.topicFiles, site, facts, cacheDir, options.fresh)
contentPhase.end(
  `${count(content.posts.length)} articles and ${Object.keys(content.pages).length} pages valid, ${count(topicSources.length)} topic files, ` +
    `${count(images.count)} image${images.count === 1 ? '' : 's'} (${count(images.encoded)} encoded, ${count(images.count - images.encoded)} from the cache)`,
)
const { dir: bundleDir, digest: bundleDigest, packages: bundlePackages } = await bundle.catch((error: unknown) => fail(`build: ${(error as Error).message}`))
publishImages(images, client, content)
writeReportSheets(client, content.pages.home, site.productName)

// 2. Pages: from the cache when their key is known, else rendered by the workers. The topic pages
// come first: the other pages list the topics, whose titles the build learns from their pages.
// Every page's key covers what renders it, found rather than listed: the bundle's bytes as Vite wrote
// them and the packages it leaves to Node, the build's and render workers' code, the cards' drawing
// code (a page names its card by it), and the settings every page reads.
const base = digest(
  bundleDigest,
  bundlePackages,
  rendering,
  drawing,
  JSON.stringify(site),
  JSON.stringify(loadUiText(contentRoot)),
  String(new Date().getFullYear()),
  cardsEnabled() ? 'cards' : 'no cards',
)

const pages: BuiltPage[] = []
// The index the listing pages read: the feeds, llms.txt and the articles' markdown twins are made from it too.
let index!: ContentIndex
let rendered = 0
let reused = 0
/** The articles and topics this build leaves out, and the old URLs of the pages it writes. */
const leftOut: LeftOut[] = [...content.leftOut]
let redirects: Redirect[] = []
try {
  const routes = await routesOf(bundleDir, pool)
  const topicJobs = planTopicPages(routes, topicSources, base)
  const listingPages = planListingPages(routes, content.posts)
  const pagesPhase = phase('pages', topicJobs.length + listingPages.length)
  const problems: FileProblems[] = []
  const topics: TopicEntry[] = []
  const links: FileLinks[] = [...content.links]
  const sourceOf = new Map(topicJobs.map((job) => [job.key, job.topic!.file]))
  const redirecting: RedirectingPage[] = content.posts.map(({ file, slug, redirectFrom }) => ({ file, path: `/blog/${slug}`, redirectFrom }))
  await renderOrReuse(
    topicJobs,
    pagesPhase,
    (key, facts) => {
      const file = sourceOf.get(key)!
      topics.push({ ...facts.topic, file })
      links.push({ file, links: facts.links })
      redirecting.push({ file, path: `/topics/${facts.topic.slug}`, redirectFrom: facts.publication?.redirectFrom })
    },
    (key, found) => problems.push({ file: sourceOf.get(key)!, problems: found }),
    (key, facts) => {
      const file = sourceOf.get(key)!
      leftOut.push(leftOutOf({ ...facts.publication, file }, `/topics/${facts.topic.slug}`, publishing)!)
      links.push({ file, links: facts.links })
    },
  )
  // Every link is checked on every build, a reused page's too (its links are kept with it in the cache):
  // a page that links to a topic deleted since, or left out, fails the build without being rendered again.
  const builtPaths = [...topics.map((topic) => `/topics/${topic.slug}`), ...listingPages.filter((job) => job.status === 200).map((job) => job.url)]
  // Old URLs (redirectFrom) lead to a page of this build, and to nothing else.
  const checked = checkLinksAndRedirects({ paths: builtPaths, redirecting, leftOut, links })
  redirects = checked.redirects
  problems.push(...checked.problems)
  const byFile = problems.sort((a, b) => (a.file < b.file ? -1 : 1)).flatMap((file) => file.problems)
  if (byFile.length > 0) throw new ContentError(byFile)

  index = contentIndex({ posts: content.posts, topics, pages: content.pages })
  const indexText = JSON.stringify(index)
  await renderOrReuse(listingKeys(listingPages, indexText, base), pagesPhase, undefined, undefined, undefined, index)
  pageCache.save()
  images.prune()
  pagesPhase.end(`${count(pages.length)} pages: ${count(rendered)} rendered, ${count(reused)} reused from the cache`)
  await pool.close()
  // The render workers have exited: the pictures still to draw get every core.
  cards.grow(availableParallelism())
  const cardsPhase = phase('cards', 0, { live: false })
  await cards.finish()
  // A build without cards keeps the cached ones for the next build with them.
  if (cardsEnabled()) cards.prune()
  cardsPhase.end(`${count(cards.count)} pictures: ${count(cards.drawn)} drawn, ${count(cards.reused)} from the cache`)
} catch (error) {
  fail(
    error instanceof ContentError
      ? error.message
      : error instanceof RenderFailed
        ? `build: rendering ${error.message}`
        : error instanceof CardDrawFailed
          ? `build: ${error.message}`
          : String((error as Error).stack ?? error),
  )
} finally {
  await Promise.all([pool.close(), cards.close()])
}
rmSync(dirname(serverEntryOf(dist)), { recursive: true, force: true })
if (!existsSync(join(dist, FORM_PAGE_FILE))) fail(`build: no page gave ${FORM_PAGE_FILE}, the page a refused form post gets (pages/index/+onRenderHtml.ts)`)

// 3. The files made from every page at once.
const sitePhase = phase('sitemap', 0, { live: false })
const report = await writeSiteFiles(client, pages, site, { ...index, today: publishing.today, crawlers: loadAiCrawlers(contentRoot) }, redirects, apiOrigin)
// Beside the site, never served: the day this build published for and what it left out, which check:site reads.
leftOut.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
writeFileSync(join(dist, PUBLICATION_RECORD), `${JSON.stringify({ buildDate: publishing.today, leftOut }, null, 2)}\n`)
sitePhase.end(
  `${report.sitemapFiles.join(' + ')} with ${count(report.sitemapUrls)} URLs, robots.txt, feeds of ${count(report.articles)} articles, llms.txt, ` +
    `${count(report.twins)} markdown twins, CSP hashes, ${report.hostFiles.join(', ')}${apiOrigin ? ` (/api/* proxied to ${apiOrigin})` : ''}`,
)

// 4. The Node server, compiled to JavaScript where the prerender's bundle was: `npm run serve` runs it with node.
const serverPhase = phase('server', 0, { live: false })
await compileServer(dist).catch((error: unknown) => fail(`build: compiling the server: ${(error as Error).message}`))
serverPhase.end(`${compiledServerOf(dist)} and its database thread`)
await Promise.all(removals)

// 5. Summary
const kinds = new Map<string, number>()
for (const page of pages) kinds.set(pageKind(page), (kinds.get(pageKind(page)) ?? 0) + 1)
const seconds = (performance.now() - started) / 1000
console.log(
  `build: ${pages.length} pages: ${[...kinds]
    .sort()
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ')}`,
)
console.log(
  `build: ${count(rendered)} rendered, ${count(reused)} reused from the cache; ${seconds.toFixed(1)} s (${Math.round(pages.length / seconds)} pages/s) into ${client}`,
)
for (const line of [leftOutSummary(leftOut), redirectLimitWarning(redirects.length)]) if (line) console.log(`build: ${line}`)

/**
 * Links each job's page from the cache when it has it and renders the rest on the workers, adding
 * each to `pages`. `onTopic` hears the facts of each topic page's topic; `onProblems`, the content
 * problems of a topic file that could not be rendered; `onLeftOut`, the facts of a topic this build
 * leaves out (no page). `listed`: the content index the pages list, for the listing pages.
 */
async function renderOrReuse(
  jobs: readonly PageJob[],
  progress: Phase,
  onTopic: (key: string, facts: TopicFacts) => void = () => {},
  onProblems: (key: string, problems: string[]) => void = () => {},
  onLeftOut: (key: string, facts: TopicFacts) => void = () => {},
  listed?: ContentIndex,
): Promise<void> {
  const toRender: PageJob[] = []
  const folders = new Set<string>()
  const published = (facts: TopicFacts) => publicationOf(facts.publication ?? {}, publishing.today) === 'published'
  for (const job of jobs) {
    const cached = pageCache.lookup(job.key, job.file, published)
    if (!cached) {
      toRender.push(job)
      continue
    }
    if ('leftOut' in cached) {
      onLeftOut(job.key, cached.leftOut)
      progress.advance()
      continue
    }
    const folder = dirname(join(client, job.file))
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true })
    folders.add(folder)
    linkOrCopy(pageCache.htmlFile(job.key), join(client, job.file))
    if (cached.twin) linkOrCopy(pageCache.twinFile(job.key), join(client, cached.twin))
    // The page with the free-score form is cached with the page its refused posts get (render-worker.ts).
    const formPage = join(pageCache.dir, `${job.key}.${FORM_PAGE_FILE}`)
    if (existsSync(formPage)) linkOrCopy(formPage, join(dist, FORM_PAGE_FILE))
    pages.push(cached.page)
    cards.need(cached.page.drawn)
    if (cached.topic) onTopic(job.key, cached.topic)
    reused++
    progress.advance()
  }
  await pool.render(toRender, Math.min(availableParallelism(), Math.ceil(toRender.length / PAGES_PER_WORKER)), listed, (done) => {
    progress.advance()
    if ('problems' in done) return onProblems(done.key, done.problems)
    if ('leftOut' in done) {
      pageCache.storeLeftOut(done.key, done.leftOut)
      return onLeftOut(done.key, done.leftOut)
    }
    pageCache.store(done.key, done.page, done.topic, done.twin)
    pages.push(done.page)
    cards.need(done.page.drawn)
    if (done.topic) onTopic(done.key, done.topic)
    rendered++
  })
}

/** Links each encoded image this build shows from the cache into the site, under IMAGES_URL; not those only a left-out article shows. */
function publishImages(images: ImageCache, clientDir: string, shown: Pick<typeof content, 'posts' | 'pages'>): void {
  const files = imagesShown(images.usedFiles(), shown)
  if (files.length === 0) return
  const folder = join(clientDir, IMAGES_URL.slice(1))
  mkdirSync(folder, { recursive: true })
  for (const name of files) linkOrCopy(images.fileOf(name), join(folder, name))
}

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
