// `npm run bench:api [-- --connections 50,200 --seconds 10 --cpu-prof DIR]`: the lead endpoint under load, on loopback.
// With --cpu-prof, the server writes a V8 CPU profile of its main thread into DIR when it exits.
// Starts the real server (`server/index.ts`) on a throwaway database with TRUST_PROXY=1 and no webhook,
// then for each connection count sends POST /api/score with autocannon for the given seconds, each
// request from its own client address (X-Forwarded-For) with its own e-mail and profile, as real
// visitors would. Prints one table: leads/s answered 202, p50 and p99 latency, errors (non-2xx,
// timeouts, socket errors), and leads stored against 202 answers. Run `npm run build` first: the
// server serves the built site.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { clientDir } from '../lib/node/paths.server'
import { Store } from '../server/store'

const { values } = parseArgs({
  options: { connections: { type: 'string', default: '50,200' }, seconds: { type: 'string', default: '10' }, 'cpu-prof': { type: 'string' } },
})
const connectionCounts = values.connections.split(',').map(Number)
const seconds = Number(values.seconds)
if (connectionCounts.some((n) => !Number.isInteger(n) || n < 1) || !(seconds > 0)) {
  console.error('bench:api: --connections takes whole numbers separated by commas, --seconds a positive number')
  process.exit(2)
}
if (!existsSync(join(clientDir(), '404.html'))) {
  console.error(`bench:api: ${clientDir()} has no built site; run \`npm run build\` first`)
  process.exit(1)
}

const PORT = 4191
const origin = `http://127.0.0.1:${PORT}`
const dir = mkdtempSync(join(tmpdir(), 'bench-api-'))
const databaseUrl = `file:${join(dir, 'bench.db')}`
const server = spawn(
  process.execPath,
  [...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : []), '--import', 'tsx', 'server/index.ts'],
  {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '1',
      SCORE_WEBHOOK_URL: '',
      AFFILIATE_WEBHOOK_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
)

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${origin}/`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the server did not start within 10 s')
}

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
  await waitForServer()
  for (const [index, connections] of connectionCounts.entries()) rows.push(await run(connections, index + 1))
} finally {
  server.kill('SIGTERM')
  rmSync(dir, { recursive: true, force: true })
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
