// A render worker (render-pool.ts): writes each page to the client folder and the page cache at once, so memory holds one.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { takeBuildSettings, type BuildSettings } from '../lib/node/build-settings.server'
import { inlineHashes, lowerScriptPriority } from '../lib/node/built-pages.server'
import { markdownTwinPath } from '../lib/universal/alternates'
import { FORM_PAGE_FILE } from '../lib/universal/form-page'
import { fileOfPath, pathOfHtmlFile } from '../lib/universal/routes'
import { ContentError } from '../lib/node/content-files.server'
import { readTopicFile, topicEntry } from '../lib/node/content.server'
import { topicTwin } from '../lib/node/markdown-twin.server'
import { publicationFields, publicationOf } from '../lib/node/publication.server'
import { loadSite } from '../lib/node/site.server'
import { loadUiText } from '../lib/node/ui-text.server'
import type { ContentIndex } from '../lib/universal/content/types'
import { replaceWithLink } from './cache'
import type { FromWorker, PageJob, Rendered, ToWorker, TopicFacts } from './protocol'

const [serverEntry, clientDir, pagesCacheDir, givenSettings] = process.argv.slice(2) as [string, string, string, string | undefined]
const send = (message: FromWorker) => process.send!(message)

// Imported after the bundle's entry, which sets NODE_ENV=production: before it, React loads its development build.
let vike: typeof import('vike/server') | undefined

const site = loadSite()
const topicLabels = loadUiText().topic
let settings!: BuildSettings
const folders = new Set<string>()

/** Into the page cache, linked at `path`: a carried file there links another cached page, so it is replaced, never written through. */
function writeCached(path: string, text: string, key: string, suffix: string): void {
  const cached = join(pagesCacheDir, `${key}.${suffix}`)
  const temporary = `${cached}.${process.pid}.tmp`
  writeFileSync(temporary, text)
  replaceWithLink(temporary, path)
  renameSync(temporary, cached)
}

async function render(job: PageJob, index: ContentIndex | undefined): Promise<Rendered> {
  // A content problem of this page: the build goes on to list them all.
  let read: Awaited<ReturnType<typeof readTopicFile>> | undefined
  if (job.topic) {
    try {
      read = await readTopicFile(job.topic, site, job.read)
    } catch (error) {
      if (error instanceof ContentError) return { key: job.key, problems: error.problems }
      throw error
    }
    // A draft or scheduled topic gets no page: the build hears its facts, to check its links and list it as left out.
    if (publicationOf(read.topic, settings.today) !== 'published') return { key: job.key, leftOut: topicFacts(read) }
  }
  const pageContext = await vike!.renderPage({
    urlOriginal: job.url,
    buildSettings: settings,
    builtTopic: read?.topic,
    builtRelated: job.related,
    builtIndex: index,
  })
  const response = pageContext.httpResponse
  if (!response || response.statusCode !== job.status) {
    const error = (pageContext as { errorWhileRendering?: unknown }).errorWhileRendering
    throw error instanceof Error ? error : new Error(`answered ${response?.statusCode ?? 'nothing'}, expected ${job.status}`)
  }
  const html = lowerScriptPriority(response.body)
  const path = join(clientDir, job.file)
  if (!folders.has(dirname(path))) mkdirSync(dirname(path), { recursive: true })
  folders.add(dirname(path))
  writeCached(path, html, job.key, 'html')
  const facts = pageContext.headFacts
  if (!facts) throw new Error('the renderer gave no headFacts')
  const page = { file: job.file, path: pathOfHtmlFile(job.file), ...facts, inlineHashes: inlineHashes(html) }
  // The page with the free-score form gives the page its refused posts get: written beside the site, cached with the page.
  if (pageContext.formPage) writeCached(join(dirname(clientDir), FORM_PAGE_FILE), JSON.stringify(pageContext.formPage), job.key, FORM_PAGE_FILE)
  if (!read || page.path === null) return { key: job.key, page }
  const twin = fileOfPath(markdownTwinPath(page.path))
  writeCached(join(clientDir, twin), topicTwin(read.topic, topicLabels), job.key, 'md')
  return { key: job.key, page, topic: topicFacts(read), twin }
}

function topicFacts({ topic, links }: Awaited<ReturnType<typeof readTopicFile>>): TopicFacts {
  const publication = publicationFields(topic)
  return { topic: topicEntry(topic), links, ...(publication && { publication }) }
}

async function load(given: BuildSettings): Promise<void> {
  // The worker's own copy of the content code validates the topic files with them; the bundle's gets them with each page.
  settings = given
  takeBuildSettings(settings)
  await import(pathToFileURL(serverEntry).href)
  vike = await import('vike/server')
  send({ type: 'ready' })
}

process.on('message', async (message: ToWorker) => {
  if (message.type === 'exit') process.exit(0)
  if (message.type === 'load') return load(message.settings)
  if (message.type === 'routes') {
    const { pages } = await vike!.getGlobalContextAsync(true)
    return send({ type: 'routes', routes: Object.values(pages).flatMap((page) => (page.route && typeof page.route === 'string' ? [page.route] : [])) })
  }
  const pages: Rendered[] = []
  for (const job of message.jobs) {
    try {
      pages.push(await render(job, message.index))
    } catch (error) {
      // A content problem names its file and field already; anything else needs its stack.
      const message = !(error instanceof Error) ? String(error) : error.name === 'ContentError' ? error.message : (error.stack ?? error.message)
      send({ type: 'failed', url: job.url, message })
      return
    }
  }
  send({ type: 'rendered', pages })
})
// The build stopped (a content error, Ctrl-C): nothing is left to render.
process.on('disconnect', () => process.exit(0))
// Given the settings when forked, the bundle is in place: the worker loads it now. Else the build sends them once it is.
if (givenSettings) void load(JSON.parse(givenSettings) as BuildSettings)
else send({ type: 'booted' })
