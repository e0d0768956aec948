// `npm run bench:api [-- --connections 50,200 --seconds 10 --cpu-prof DIR]`: the lead endpoint under load, on loopback.
// With --cpu-prof, the server writes a V8 CPU profile of its main thread into DIR when it exits.
// Starts the real server (`server/index.ts`) on a throwaway database with TRUST_PROXY=1 and no webhook,
// then for each connection count sends POST /api/score with autocannon for the given seconds, each
// request from its own client address (X-Forwarded-For) with its own e-mail and profile, as real
// visitors would. Prints one table: leads/s answered 202, p50 and p99 latency, errors (non-2xx,
// timeouts, socket errors), and leads stored against 202 answers. Run `npm run build` first: the
// server serves the built site.
import autocannon from 'autocannon'
import { Store } from '../server/store'
import { loadOptions, startLoadServer } from './bench/load'

const { connectionCounts, seconds, cpuProfileDir } = loadOptions('bench:api', '50,200')
const server = await startLoadServer(4191, cpuProfileDir)
const { origin, databaseUrl } = server

/** A distinct IPv4 address for request `n`, so no client reaches its rate limit. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

interface Row {
  connections: number
  leadsPerSecond: number
  p50: number
  p99: number
  errors: number
  accepted: number
  stored: number
}

async function run(connections: number, runId: number): Promise<Row> {
  let n = runId * 1_000_000
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/score',
        setupRequest: (request) => {
          n++
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(n) },
            body: JSON.stringify({ first_name: 'Bench', linkedin_url: `https://www.linkedin.com/in/bench-${n}`, email: `bench-${n}@example.com` }),
          }
        },
      },
    ],
  })
  const store = await Store.open(databaseUrl)
  const rows = await store.rows('leads')
  await store.close()
  const stored = rows.filter((row) => String(row.email).startsWith(`bench-${runId}`)).length
  return {
    connections,
    leadsPerSecond: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    accepted: result['2xx'],
    stored,
  }
}

const rows: Row[] = []
try {
  for (const [index, connections] of connectionCounts.entries()) rows.push(await run(connections, index + 1))
} finally {
  await server.stop()
}

console.log(`\nbench:api: POST /api/score for ${seconds} s per row, one client address per request, loopback`)
console.log('| connections | leads/s (202) | p50 ms | p99 ms | errors | 202 answers | leads stored |')
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const row of rows)
  console.log(`| ${row.connections} | ${Math.round(row.leadsPerSecond)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.accepted} | ${row.stored} |`)
const lost = rows.filter((row) => row.stored < row.accepted)
if (lost.length > 0) {
  console.error(`bench:api: ${lost.map((row) => `${row.accepted - row.stored} answered leads not stored at ${row.connections} connections`).join('; ')}`)
  process.exit(1)
}
