// `npm run build [-- --fresh]`: validates the content, bundles the code (or takes the bundle from
// the cache), prerenders every page on worker processes (or takes it from the cache when nothing it
// is made from changed), then writes the sitemap, robots.txt, the CSP hashes and the static hosts'
// rule files, and compiles the Node server to dist/server/. One line per phase, then a summary. `--fresh` ignores the cache (and refills it).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { ContentError } from '../lib/node/content-files.server'
import { readContent, readContentWithoutTopics } from '../lib/node/content.server'
import { loadUiText } from '../lib/node/ui-text.server'
import { ImageCache } from '../lib/node/image-cache.server'
import { buildCacheDir, clientDir, contentDir, distDir, imageCacheDir } from '../lib/node/paths.server'
import { loadAiCrawlers, loadSite } from '../lib/node/site.server'
import { PUBLICATION_RECORD, buildDate, type Publishing } from '../lib/node/publication.server'
import { FORM_PAGE_FILE } from '../lib/universal/form-page'
import { prepareBundle, serverEntryOf } from '../pipeline/bundle'
import { digest } from '../pipeline/cache'
import { PageCache } from '../pipeline/page-cache'
import { PageStage, writePages } from '../pipeline/pages-phase'
import { count, phase, printSummary } from '../pipeline/progress'
import { readTopicSources, type TopicSource } from '../pipeline/related-topics'
import { RenderFailed, RenderPool } from '../pipeline/render-pool'
import { CardDrawFailed, CardStage } from '../pipeline/cards'
import { setCardsEnabled } from '../lib/node/cards/cards.server'
import { buildCode } from '../pipeline/code'
import { publishImages, writeReportSheets, writeSiteFiles } from '../pipeline/site-files'
import { API_ORIGIN_ENV, apiOriginOf } from '../pipeline/api-origin'
import { compileServer, compiledServerOf } from '../pipeline/server-bundle'
import { prepareSearchIndex, publishSearchIndex, searchRecords } from '../pipeline/search-index'

const { values: options } = parseArgs({ options: { fresh: { type: 'boolean', default: false }, 'no-cards': { type: 'boolean', default: false } } })
// `--no-cards`: no page names a drawn card or the raster logo, and none is drawn. This process's content
// code hears it here; the render workers, and the pages they render, in their `load` message.
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

// 0. The last build's output moves aside and is deleted while this one runs, with whatever an interrupted build left aside:
// this build writes into an empty folder.
const removed = moveOldOutputAside(dist)

// 1. Content and code side by side: `vike build` runs in its own process while the content is validated.
const bundlePhase = phase('bundle', 0, { live: false })
let serverReady = () => {}
const serverBundle = new Promise<void>((resolve) => (serverReady = resolve))
// What the code outside Vite's bundles is made of, found by following its imports (pipeline/code.ts).
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
  serverReady: Promise.all([serverBundle, code]).then(([, { drawing }]) => ({ today: publishing.today, cards: drawCards, drawing })),
  clientDir: client,
  pagesCacheDir: pageCache.dir,
  workerDir: join(dist, 'render-worker'),
})
// With no page in the cache every page will be rendered: the workers start now, loading their
// packages while the code is bundled and the content read. With pages cached, one starts on the
// chance that a page changed (a writer's edit): it boots on a core the rest of the build leaves idle,
// and is stopped if no page needs it.
pool.warm(pageCache.empty ? availableParallelism() : 1)
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
// The search index of the published articles and topics, from their words as read above
// (pipeline/search-index.ts). Pagefind's own process builds it once the render workers have exited,
// beside the last cards: started with them, it took a 10,000-topic build's peak memory from about
// 940 to 1,185 MiB. When few pages are to be rendered (a writer's edit), it starts beside them.
const searchRecordsOfBuild = searchRecords(content.posts, topicSources, publishing.today)
let searchIndex: ReturnType<typeof prepareSearchIndex> | undefined
/** Starts the index the first time it is called; every call gives the same promise. */
const startSearchIndex = () => {
  if (!searchIndex) {
    searchIndex = prepareSearchIndex(searchRecordsOfBuild, { language: site.lang, cacheDir: join(cacheDir, 'search'), fresh: options.fresh })
    // Its failure is reported where the build waits for it, after the cards.
    searchIndex.catch(() => {})
  }
  return searchIndex
}
const { dir: bundleDir, digest: bundleDigest, packages: bundlePackages } = await bundle.catch((error: unknown) => fail(`build: ${(error as Error).message}`))
publishImages(images, client, content)
writeReportSheets(client, content.pages.home, site.productName)

// 2. Pages: from the cache when their key is known, else rendered by the workers (pipeline/pages-phase.ts).
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
  drawCards ? 'cards' : 'no cards',
)

const stage = new PageStage({ cache: pageCache, pool, cards, distDir: dist, clientDir: client, today: publishing.today })
let written!: Awaited<ReturnType<typeof writePages>>
try {
  written = await writePages({ stage, pool, pageCache, images, bundleDir, content, topicSources, base, publishing, onFewToRender: startSearchIndex })
  await pool.close()
  startSearchIndex()
  // The render workers have exited: the pictures still to draw get every core.
  cards.grow(availableParallelism())
  const cardsPhase = phase('cards', 0, { live: false })
  await cards.finish()
  // A build without cards keeps the cached ones for the next build with them.
  if (drawCards) cards.prune()
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
const { index, leftOut, redirects } = written
const { pages } = stage
rmSync(dirname(serverEntryOf(dist)), { recursive: true, force: true })
if (!existsSync(join(dist, FORM_PAGE_FILE))) fail(`build: no page gave ${FORM_PAGE_FILE}, the page a refused form post gets (pages/index/+onRenderHtml.ts)`)

// 3. The site search's index, published before the host files that list every file.
const searchPhase = phase('search', 0, { live: false })
const search = await startSearchIndex().catch((error: unknown) => fail(`build: ${(error as Error).message}`))
publishSearchIndex(search, client)
searchPhase.end(
  `${count(search.pages)} pages indexed: ${count(search.files.length)} files, ${(search.bytes / 1e6).toFixed(1)} MB` +
    (search.built ? `, built by Pagefind in ${search.seconds.toFixed(1)} s beside the rest of the build; waited` : ', from the cache'),
)

// 4. The files made from every page at once.
const sitePhase = phase('sitemap', 0, { live: false })
const report = await writeSiteFiles(client, pages, site, { ...index, today: publishing.today, crawlers: loadAiCrawlers(contentRoot) }, redirects, apiOrigin)
// Beside the site, never served: the day this build published for and what it left out, which check:site reads.
leftOut.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
writeFileSync(join(dist, PUBLICATION_RECORD), `${JSON.stringify({ buildDate: publishing.today, leftOut }, null, 2)}\n`)
sitePhase.end(
  `${report.sitemapFiles.join(' + ')} with ${count(report.sitemapUrls)} URLs, robots.txt, feeds of ${count(report.articles)} articles, llms.txt, ` +
    `${count(report.twins)} markdown twins, CSP hashes, ${report.hostFiles.join(', ')}${apiOrigin ? ` (/api/* proxied to ${apiOrigin})` : ''}`,
)

// 5. The Node server, compiled to JavaScript where the prerender's bundle was: `npm run serve` runs it with node.
const serverPhase = phase('server', 0, { live: false })
await compileServer(dist).catch((error: unknown) => fail(`build: compiling the server: ${(error as Error).message}`))
serverPhase.end(`${compiledServerOf(dist)} and its database thread`)
await removed

// 6. Summary
printSummary({ pages, rendered: stage.rendered, reused: stage.reused, started, clientDir: client, leftOut, redirects })

/** Moves `dist` aside and starts deleting it and the leftovers of earlier builds: the promise settles once they are gone. */
function moveOldOutputAside(dist: string): Promise<void> {
  const removals: Array<Promise<void>> = []
  for (const name of existsSync(dirname(dist)) ? readdirSync(dirname(dist)) : []) {
    if (name.startsWith(`${basename(dist)}.old-`)) removals.push(rm(join(dirname(dist), name), { recursive: true, force: true }))
  }
  if (existsSync(dist)) {
    const old = `${dist}.old-${process.pid}`
    renameSync(dist, old)
    removals.push(rm(old, { recursive: true, force: true }))
  }
  return Promise.all(removals).then(() => {})
}
