// `npm run build [-- --fresh] [-- --no-cards]`: content, bundle, pages on worker processes, site-wide files and the
// Node server, each phase from the cache when what it is made from is unchanged (`--fresh` ignores and refills it).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { ContentError } from '../lib/node/content-files.server'
import { readContent, readContentWithoutTopics } from '../lib/node/content.server'
import { loadUiText } from '../lib/node/ui-text.server'
import { ImageCache } from '../lib/node/image-cache.server'
import { buildCacheDir, clientDir, contentDir, distDir, imageCacheDir, isOutside } from '../lib/node/paths.server'
import { loadAiCrawlers, loadSite } from '../lib/node/site.server'
import { PUBLICATION_RECORD, buildDate, type Publishing } from '../lib/node/publication.server'
import { FORM_PAGE_FILE } from '../lib/universal/form-page'
import { prepareBundle, serverEntryOf } from '../pipeline/bundle'
import { digest } from '../pipeline/cache'
import { PageCache } from '../pipeline/page-cache'
import { PageStage, writePages } from '../pipeline/pages-phase'
import { count, phase, printSummary } from '../pipeline/progress'
import { readTopicSources } from '../pipeline/related-topics'
import { RenderFailed, RenderPool } from '../pipeline/render-pool'
import { CardDrawFailed, CardStage } from '../pipeline/cards'
import { setCardsEnabled } from '../lib/node/cards/cards.server'
import { buildCode } from '../pipeline/code'
import { publishImages, writeReportSheets, writeSiteFiles } from '../pipeline/site-files'
import { API_ORIGIN_ENV, apiOriginOf } from '../pipeline/api-origin'
import { compileServer, compiledServerOf } from '../pipeline/server-bundle'
import { Output } from '../pipeline/output'
import { prepareSearchIndex, publishSearchIndex, searchRecords } from '../pipeline/search-index'

const { values: options } = parseArgs({ options: { fresh: { type: 'boolean', default: false }, 'no-cards': { type: 'boolean', default: false } } })
// `--no-cards`: no card or raster logo is drawn or named; the render workers hear it in their `load` message.
const drawCards = !options['no-cards']
setCardsEnabled(drawCards)
const started = performance.now()
const dist = distDir()
const client = clientDir()
const contentRoot = contentDir()
const cacheDir = buildCacheDir()

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}
const failBuild = (error: unknown): never => fail(`build: ${(error as Error).message}`)

// Checked before anything is built.
let publishing!: Publishing
let apiOrigin: string | undefined
try {
  publishing = { today: buildDate(), showUnpublished: false }
  apiOrigin = apiOriginOf(process.env[API_ORIGIN_ENV])
  if (isOutside('.', dist))
    throw new Error(`DIST_DIR (${dist}) is outside the project, where its server could not load the project's packages: name a folder inside it`)
} catch (error) {
  failBuild(error)
}

const output = new Output(dist, cacheDir, !options.fresh)

// 1. `vike build` runs in its own process while the content is validated.
const bundlePhase = phase('bundle')
let serverReady = () => {}
const serverBundle = new Promise<void>((resolve) => (serverReady = resolve))
let building = () => {}
const bundleBuilding = new Promise<void>((resolve) => (building = resolve))
const code = buildCode()
const bundle = prepareBundle({
  cacheDir,
  distDir: dist,
  fresh: options.fresh,
  quiet: !process.env.BUILD_VERBOSE,
  made: code.then(({ bundleMakers }) => bundleMakers),
  onServerReady: () => serverReady(),
  onBuilding: () => building(),
})
bundle.then(
  (ready) => bundlePhase.end(ready.built ? 'vike build, cached for the next build' : 'the code is unchanged: reused from the cache'),
  () => {},
)

const settings = Promise.all([serverBundle, code]).then(([, { drawing }]) => ({ today: publishing.today, cards: drawCards, drawing }))

const site = loadSite(contentRoot)
mkdirSync(cacheDir, { recursive: true })
const pageCache = new PageCache(join(cacheDir, 'pages'), options.fresh)
const pool = new RenderPool({
  serverEntry: serverEntryOf(dist),
  // The card URLs a page names carry the drawing's digest: the workers render with the one found here.
  serverReady: settings,
  bundleKnown: Promise.race([settings, bundleBuilding.then(() => undefined)]),
  clientDir: client,
  pagesCacheDir: pageCache.dir,
  workerDir: join(dist, 'render-worker'),
  esbuildFree: code,
})
// A build that exits early (a content problem, a failed render) takes its workers with it.
process.on('exit', () => pool.killAll())
// With no page cached, every core's worker starts now; else one, on the chance that a page changed.
pool.warm(pageCache.empty ? availableParallelism() : 1)
// The cards' first thread starts with the first picture: started now, it raised the build's peak memory.
const cards = new CardStage(join(cacheDir, 'cards'), client, options.fresh, 1, output)

// Each topic file is validated by the worker that renders its page.
const contentPhase = phase('content')
const images = new ImageCache(imageCacheDir(), options.fresh)
const content = await readContentWithoutTopics(contentRoot, site, images, publishing)
if (content.problems.length > 0) {
  // Every problem at once, the topics' and the links' too, before rendering anything.
  await readContent(contentRoot, site, undefined, images, publishing).catch((error: unknown) => fail((error as Error).message))
  fail(new ContentError(content.problems).message)
}
const { rendering, drawing, facts, search: searchCode } = await code.catch(failBuild)
const topicSources = readTopicSources(content.topicFiles, site, facts, cacheDir, options.fresh)
contentPhase.end(
  `${count(content.posts.length)} articles and ${Object.keys(content.pages).length} pages valid, ${count(topicSources.length)} topic files, ` +
    `${count(images.count)} image${images.count === 1 ? '' : 's'} (${count(images.encoded)} encoded, ${count(images.count - images.encoded)} from the cache)`,
)
// Pagefind starts once the render workers have exited (beside them it raised the peak memory), or when few pages render.
const searchRecordsOfBuild = searchRecords(content.posts, topicSources, publishing.today)
let searchIndex: ReturnType<typeof prepareSearchIndex> | undefined
const startSearchIndex = () => {
  if (!searchIndex) {
    searchIndex = prepareSearchIndex(searchRecordsOfBuild, { language: site.lang, cacheDir: join(cacheDir, 'search'), code: searchCode, fresh: options.fresh })
    // Its failure is reported where the build waits for it, after the cards.
    searchIndex.catch(() => {})
  }
  return searchIndex
}
const { dir: bundleDir, digest: bundleDigest, packages: bundlePackages } = await bundle.catch(failBuild)
output.bringBack()
publishImages(images, client, content)
writeReportSheets(client, content.pages.home, site.productName)

// 2. Pages. Every page's key covers what renders it.
const base = digest(
  bundleDigest,
  bundlePackages,
  rendering,
  drawing,
  JSON.stringify(site),
  JSON.stringify(loadUiText(contentRoot)),
  String(new Date().getFullYear()),
  drawCards ? 'cards' : 'no cards',
)

const stage = new PageStage({ cache: pageCache, pool, cards, output, distDir: dist, clientDir: client, today: publishing.today })
let written!: Awaited<ReturnType<typeof writePages>>
try {
  written = await writePages({ stage, pool, pageCache, images, bundleDir, content, topicSources, base, publishing, onFewToRender: startSearchIndex })
  await pool.close()
  startSearchIndex()
  cards.grow(availableParallelism())
  const cardsPhase = phase('cards')
  await cards.finish()
  // A build without cards keeps the cached ones for the next build with them.
  if (drawCards) cards.prune()
  cardsPhase.end(`${count(cards.count)} pictures: ${count(cards.drawn)} drawn, ${count(cards.reused)} from the cache`)
} catch (error) {
  if (error instanceof ContentError) fail(error.message)
  if (error instanceof RenderFailed) fail(`build: rendering ${error.message}`)
  if (error instanceof CardDrawFailed) fail(`build: ${error.message}`)
  fail(String((error as Error).stack ?? error))
} finally {
  await Promise.all([pool.close(), cards.close()])
}
const { index, leftOut, redirects } = written
const { pages } = stage
rmSync(dirname(serverEntryOf(dist)), { recursive: true, force: true })
if (!existsSync(join(dist, FORM_PAGE_FILE))) fail(`build: no page gave ${FORM_PAGE_FILE}, the page a refused form post gets (pages/index/+onRenderHtml.ts)`)

// 3. The search index, published before the host files that list every file.
const searchPhase = phase('search')
const search = await startSearchIndex().catch(failBuild)
publishSearchIndex(search, client, output)
searchPhase.end(
  `${count(search.pages)} pages indexed: ${count(search.files.length)} files, ${(search.bytes / 1e6).toFixed(1)} MB` +
    (search.built ? `, built by Pagefind in ${search.seconds.toFixed(1)} s beside the rest of the build; waited` : ', from the cache'),
)

const outputPhase = phase('output')
output.finish()
const { kept, replaced, removed: deleted } = output.counts
outputPhase.end(
  output.carried
    ? `the topic pages, cards and search index carried over from the last build: ${count(kept)} files kept, ${count(replaced)} replaced, ${count(deleted)} deleted`
    : `the topic pages, cards and search index: ${count(output.files)} files, none carried over from the last build`,
)

// 4. The files made from every page at once.
const sitePhase = phase('sitemap')
const report = await writeSiteFiles(
  client,
  pages,
  site,
  { ...index, today: publishing.today, crawlers: loadAiCrawlers(contentRoot) },
  redirects,
  apiOrigin,
  () => output.clientFiles(),
)
// Beside the site, never served: for check:site.
leftOut.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
writeFileSync(join(dist, PUBLICATION_RECORD), `${JSON.stringify({ buildDate: publishing.today, leftOut }, null, 2)}\n`)
sitePhase.end(
  `${report.sitemapFiles.join(' + ')} with ${count(report.sitemapUrls)} URLs, robots.txt, feeds of ${count(report.articles)} articles, llms.txt, ` +
    `${count(report.twins)} markdown twins, CSP hashes, ${report.hostFiles.join(', ')}${apiOrigin ? ` (/api/* proxied to ${apiOrigin})` : ''}`,
)

// 5. The Node server, where the prerender's bundle was.
const serverPhase = phase('server')
await compileServer(dist).catch((error: unknown) => fail(`build: compiling the server: ${(error as Error).message}`))
serverPhase.end(`${compiledServerOf(dist)} and its database thread`)
await output.removed

printSummary(stage, started, client, leftOut, redirects)
