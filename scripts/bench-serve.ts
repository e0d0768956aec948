// `npm run bench:serve [-- --connections 50,200 --seconds 10 --cpu-prof DIR]`: the home page and the first topic page
// under load, as a browser asks; fails on an answer that was not a 200 or not brotli-encoded.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { clientDir } from '../lib/node/paths.server'
import { pathOfHtmlFile } from '../lib/universal/routes'
import { loadOptions, startLoadServer } from './bench/load'

const { connectionCounts, seconds, cpuProfileDir } = loadOptions('bench:serve', '200')
const topicsDir = join(clientDir(), 'topics')
const topicPages = existsSync(topicsDir) ? readdirSync(topicsDir).filter((name) => name.endsWith('.html')) : []
const firstTopic = topicPages.sort()[0]
if (!firstTopic) {
  console.error(`bench:serve: ${topicsDir} has no topic page`)
  process.exit(1)
}
const PATHS = ['/', pathOfHtmlFile(`topics/${firstTopic}`)!]
const ACCEPT_ENCODING = 'br, gzip'

async function run(path: string, connections: number) {
  let notBrotli = 0
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path,
        headers: { 'accept-encoding': ACCEPT_ENCODING },
        onResponse: (status, _body, _context, headers = {}) => {
          // Header names as the server wrote them: any case.
          const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1]
          if (status === 200 && encoding !== 'br') notBrotli++
        },
      },
    ],
  })
  return {
    path,
    connections,
    requestsPerSecond: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Answers that were not a 200, timeouts and socket errors; 200 answers sent without brotli.
    failed: result.requests.total - result['2xx'] + result.errors + result.timeouts,
    notBrotli,
  }
}

const server = await startLoadServer(cpuProfileDir)
const { origin } = server
const rows: Array<Awaited<ReturnType<typeof run>>> = []
try {
  for (const path of PATHS) {
    // Once before the load: the first answer of a page is the one that compresses it.
    const first = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': ACCEPT_ENCODING } })
    await first.arrayBuffer()
    if (first.status !== 200) throw new Error(`${path} answered ${first.status}`)
    for (const connections of connectionCounts) rows.push(await run(path, connections))
  }
} finally {
  await server.stop()
}

console.log(`\nbench:serve: GET with \`Accept-Encoding: ${ACCEPT_ENCODING}\` for ${seconds} s per row, loopback`)
console.log('| page | connections | req/s (200) | p50 ms | p99 ms | failed | not brotli |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const row of rows)
  console.log(`| ${row.path} | ${row.connections} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${row.failed} | ${row.notBrotli} |`)
const bad = rows.filter((row) => row.failed > 0 || row.notBrotli > 0)
if (bad.length > 0) {
  console.error(
    `bench:serve: ${bad.map((row) => `${row.path} at ${row.connections} connections: ${row.failed} failed, ${row.notBrotli} not brotli`).join('; ')}`,
  )
  process.exit(1)
}
