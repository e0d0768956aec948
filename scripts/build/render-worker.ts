// A render worker: prerenders the pages it is sent with the server bundle and Vike's renderPage,
// writing each to the client folder and to the page cache as soon as it is rendered, so memory
// holds one page at a time whatever the number of pages. Started by render-pool.ts.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { inlineScriptHashes, pathOfHtmlFile, type BuiltPage } from '../../lib/built-pages'
import { replaceWithLink } from './cache'
import type { FromWorker, PageJob, ToWorker } from './protocol'

const [serverEntry, clientDir, pagesCacheDir] = process.argv.slice(2) as [string, string, string]
const send = (message: FromWorker) => process.send!(message)

await import(pathToFileURL(serverEntry).href)
const { getGlobalContextAsync, renderPage } = await import('vike/server')

async function render(job: PageJob): Promise<BuiltPage> {
  const pageContext = await renderPage({ urlOriginal: job.url })
  const response = pageContext.httpResponse
  if (!response || response.statusCode !== job.status) {
    const error = (pageContext as { errorWhileRendering?: unknown }).errorWhileRendering
    throw error instanceof Error ? error : new Error(`answered ${response?.statusCode ?? 'nothing'}, expected ${job.status}`)
  }
  const html = response.body
  const path = join(clientDir, job.file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, html)
  replaceWithLink(path, join(pagesCacheDir, `${job.key}.html`))
  const facts = pageContext.headFacts
  if (!facts) throw new Error('the renderer gave no headFacts')
  return { file: job.file, path: pathOfHtmlFile(job.file), ...facts, inlineScriptHashes: inlineScriptHashes(html) }
}

process.on('message', async (message: ToWorker) => {
  if (message.type === 'exit') process.exit(0)
  if (message.type === 'routes') {
    const { pages } = await getGlobalContextAsync(true)
    send({ type: 'routes', routes: Object.values(pages).flatMap((page) => (page.route && typeof page.route === 'string' ? [page.route] : [])) })
    return
  }
  const pages: Array<{ key: string; page: BuiltPage }> = []
  for (const job of message.jobs) {
    try {
      pages.push({ key: job.key, page: await render(job) })
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
send({ type: 'ready' })
