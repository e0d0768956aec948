// `npx tsx scripts/bench/render-page.ts [--cache DIR] [--pages N]`: what one topic page costs a render
// worker, in one process, with the bundle the last build kept (BUILD_CACHE_DIR) and CONTENT_DIR's topics:
// the time of Vike's renderPage for each page, and within it the time of the page's own hooks (its data,
// its typesetting and the document React renders), taken where Vike calls them. The rest is Vike's own
// work for each request. Pages are rendered without their related topics, which the build chooses from
// every topic.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { takeBuildSettings } from '../../lib/node/build-settings.server'
import { topicSlugFiles } from '../../lib/node/content-files.server'
import { readTopicFile } from '../../lib/node/content.server'
import { buildCacheDir, contentDir } from '../../lib/node/paths.server'
import { loadSite } from '../../lib/node/site.server'
import { bundlesByAge } from '../../pipeline/bundle'

const { values } = parseArgs({ options: { cache: { type: 'string', default: buildCacheDir() }, pages: { type: 'string', default: '2000' } } })
const pages = Number(values.pages)
const bundles = join(values.cache, 'bundles')
const kept = bundlesByAge(bundles)[0]
if (!kept) throw new Error(`no bundle in ${bundles}: build first`)
const newest = join(kept, 'server')
const settings = { today: new Date().toISOString().slice(0, 10), cards: true, drawing: 'bench' }
takeBuildSettings(settings)
await import(pathToFileURL(join(newest, 'entry.mjs')).href)
const vike = await import('vike/server')

// Vike holds a page's hooks in its entry's `configValuesSerialized`, and reads them on the first request.
type Held = { valueSerialized: { exportValues: Record<string, (...args: unknown[]) => unknown> } }
const entry = (await import(pathToFileURL(join(newest, 'entries', 'pages_topics_-slug.mjs')).href)) as { configValuesSerialized: Record<string, Held> }
let inHooks = 0n
for (const name of ['data', 'onBeforeRender', 'onRenderHtml']) {
  const held = entry.configValuesSerialized[name]!.valueSerialized
  const hook = held.exportValues[name]!
  const timed = async (...args: unknown[]) => {
    const started = process.hrtime.bigint()
    try {
      return await hook(...args)
    } finally {
      inHooks += process.hrtime.bigint() - started
    }
  }
  held.exportValues = { ...held.exportValues, [name]: timed }
}

const site = loadSite()
const topics = await Promise.all(
  topicSlugFiles(contentDir(), site)
    .slice(0, 200)
    .map((file) => readTopicFile(file, site)),
)
const render = async (at: number) => {
  const { topic } = topics[at % topics.length]!
  const context = await vike.renderPage({ urlOriginal: `/topics/${topic.slug}`, buildSettings: settings, builtTopic: topic, builtRelated: [] })
  if (context.httpResponse?.statusCode !== 200) throw new Error(`/topics/${topic.slug} answered ${context.httpResponse?.statusCode}`)
}

for (let at = 0; at < 300; at++) await render(at) // V8 compiles the hot code first
inHooks = 0n
const cpu = process.cpuUsage()
const started = process.hrtime.bigint()
for (let at = 0; at < pages; at++) await render(at)
const perPage = (nanoseconds: bigint | number) => `${(Number(nanoseconds) / 1e6 / pages).toFixed(2)} ms`
const wall = process.hrtime.bigint() - started
const used = process.cpuUsage(cpu)
console.log(
  `render-page: ${pages} topic pages: renderPage ${perPage(wall)} a page (CPU ${perPage((used.user + used.system) * 1000)}); ` +
    `the page's hooks ${perPage(inHooks)}, Vike's own work ${perPage(wall - inHooks)}`,
)
