// `npx tsx scripts/bench/search-query.ts [--dist DIR] [--query WORDS]`: what a reader's first search
// downloads, from a click on /blog's search button to the results: every request with its bytes as the
// browser reports them, and the bytes the server sent, counted on the connection. Exits 1 above 150 KB.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import type { UiText } from '../../lib/universal/ui-text'

const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' }, query: { type: 'string' }, port: { type: 'string', default: '4179' } } })
const MAX_BYTES = 150 * 1024
const dist = values.dist
const serverPort = Number(values.port)

// The browser talks to the server through this relay, which counts every byte the server sends: the
// browser's own figures leave out some bodies (a worker's script, for one).
let sent = 0
const relay = createServer((browserSide) => {
  const serverSide = connect(serverPort, '127.0.0.1')
  serverSide.on('data', (chunk: Buffer) => (sent += chunk.byteLength))
  browserSide.pipe(serverSide).pipe(browserSide)
  browserSide.on('error', () => serverSide.destroy())
  serverSide.on('error', () => browserSide.destroy())
})
await new Promise<void>((resolve) => relay.listen(serverPort + 1, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${serverPort + 1}`

/** The first two words of the first topic page's title: a query the index surely answers. */
function defaultQuery(): string {
  const first = readdirSync(join(dist, 'client', 'topics'))
    .filter((name) => name.endsWith('.html'))
    .sort()[0]!
  const title = /<h1[^>]*>([^<]*)</.exec(readFileSync(join(dist, 'client', 'topics', first), 'utf8'))?.[1] ?? ''
  return title.split(/\s+/).slice(0, 2).join(' ')
}
const query = values.query ?? defaultQuery()
const words = (JSON.parse(readFileSync(join(process.env.CONTENT_DIR ?? 'content', 'layout.json'), 'utf8')) as UiText).search

const server = spawn(process.execPath, [join(dist, 'server', 'index.mjs')], {
  env: { ...process.env, DIST_DIR: dist, PORT: values.port, HOST: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise<void>((resolve, reject) => {
  server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve())
  server.on('exit', (code) => reject(new Error(`the server exited (${code})`)))
})

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
try {
  const page = await browser.newPage()
  await page.goto(`${origin}/blog`, { waitUntil: 'networkidle' })
  // Every request from the click on, the worker's included (Playwright reports a dedicated worker's requests on its page).
  const finished: Array<Promise<{ path: string; bytes: number }>> = []
  page.on('requestfinished', (request) =>
    finished.push(request.sizes().then((sizes) => ({ path: new URL(request.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize }))),
  )
  const sentBefore = sent
  await page.getByRole('button', { name: words.open }).click()
  const field = page.getByRole('searchbox', { name: words.label })
  await field.fill(query)
  await page.getByRole('dialog').getByRole('link').first().waitFor()
  await page.waitForLoadState('networkidle')
  const total = sent - sentBefore
  const rows = (await Promise.all(finished)).sort((a, b) => b.bytes - a.bytes)
  for (const row of rows) console.log(`${(row.bytes / 1024).toFixed(1).padStart(8)} KB  ${row.path}`)
  console.log(
    `search-query: "${query}": ${rows.length} requests, ${(total / 1024).toFixed(1)} KB sent by the server from the click to the results, headers included`,
  )
  process.exitCode = total > MAX_BYTES ? 1 : 0
} finally {
  await browser.close()
  server.kill()
  relay.close()
}
