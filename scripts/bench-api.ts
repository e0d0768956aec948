// `npm run bench:api [-- --target node|cloudflare|both --connections 50,200 --seconds 10 --cpu-prof DIR]`: the
// lead endpoint under load, on loopback. --target node (the default) starts the real Node server
// (`server/index.ts`) on a throwaway database with TRUST_PROXY=1; --target cloudflare starts `npm run
// preview:cloudflare` (the Worker in local workerd, D1 and the outbox queue) on a throwaway state folder;
// both runs one, then the other. Each gets a fake score webhook on loopback (scripts/bench/webhook.ts).
// For each connection count it sends POST /api/score with autocannon for the given seconds, each request
// from its own client address (X-Forwarded-For on Node, CF-Connecting-IP on the Worker) with its own
// e-mail and profile, as real visitors would; then waits, at most a minute, until the webhook has every
// stored lead (firing the Worker's Cron Trigger every few seconds, as Cloudflare would every minute).
// Prints one table per target (scripts/bench/api.ts) and, for both, Cloudflare's leads/s over Node's.
// Exits 1 when a lead answered 202 was not stored or a stored lead was not delivered exactly once.
// --no-webhook runs the target with no score webhook: the intake alone (the request, its checks, the
// stored row), as the lead path's first figures were taken, without delivery sharing the two cores. With
// --cpu-prof, the Node server writes a V8 CPU profile of its main thread into DIR when it exits. Run
// `npm run build` first: both serve the built site.
import autocannon from 'autocannon'
import { failures, deliveries, ratioLine, tableLines, takeTarget, type Row, type Target } from './bench/api'
import { startTarget, type LoadTarget } from './bench/api-targets'
import { loadOptions } from './bench/load'
import { startFakeWebhook, type FakeWebhook } from './bench/webhook'

const NO_WEBHOOK = '--no-webhook'
const withWebhook = !process.argv.includes(NO_WEBHOOK)
const parsed = takeTarget(process.argv.slice(2).filter((arg) => arg !== NO_WEBHOOK))
if ('error' in parsed) {
  console.error(`bench:api: ${parsed.error}`)
  process.exit(2)
}
const { connectionCounts, seconds, cpuProfileDir } = loadOptions('bench:api', '50,200', parsed.rest)

/** How long the bench waits after a row's load for the webhook to have every stored lead. */
const DELIVERY_WAIT_MS = 60_000
/** How often it fires the Worker's Cron Trigger meanwhile (Cloudflare does every minute; a bench need not wait that long). */
const NUDGE_EVERY_MS = 5_000
/** How long it waits once all have arrived, for a repeat to show. */
const SETTLE_MS = 2_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A distinct IPv4 address for request `n`, so no client reaches its rate limit. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

/** Fires the target's nudge; a failure (the Worker busy) is reported and the wait goes on. */
async function nudge(target: LoadTarget) {
  await target.nudge().catch((error: unknown) => console.warn(`bench:api: the Cron Trigger failed: ${error instanceof Error ? error.message : String(error)}`))
}

async function run(target: LoadTarget, webhook: FakeWebhook | undefined, connections: number, runId: number): Promise<Row> {
  // Every row's e-mails have a prefix of their own, so its leads and webhook calls are told from the others'.
  const prefix = `bench-r${runId}-`
  let n = runId * 1_000_000
  const result = await autocannon({
    url: target.origin,
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
            headers: { 'content-type': 'application/json', [target.addressHeader]: addressOf(n) },
            body: JSON.stringify({ first_name: 'Bench', linkedin_url: `https://www.linkedin.com/in/bench-${n}`, email: `${prefix}${n}@example.com` }),
          }
        },
      },
    ],
  })
  const keys = (await target.leadIds(prefix)).map((id) => `lead-${id}`)
  const accepted = summary(result, connections)
  if (!webhook) return { ...accepted, stored: keys.length }
  const received = () => webhook.calls.filter((call) => call.email?.startsWith(prefix)).map((call) => call.key)
  const deadline = Date.now() + DELIVERY_WAIT_MS
  let nextNudge = Date.now() + NUDGE_EVERY_MS
  while (deliveries(keys, received()).delivered < keys.length && Date.now() < deadline) {
    if (Date.now() >= nextNudge) {
      await nudge(target)
      nextNudge = Date.now() + NUDGE_EVERY_MS
    }
    await sleep(200)
  }
  await nudge(target)
  await sleep(SETTLE_MS)
  return { ...accepted, stored: keys.length, ...deliveries(keys, received()) }
}

/** What autocannon measured of one row: the rate and latency of the 202 answers, and the errors by kind. */
function summary(result: autocannon.Result, connections: number): Omit<Row, 'stored'> {
  // autocannon counts timeouts among its errors.
  const errorKinds: Record<string, number> = { 'socket errors': result.errors - result.timeouts, timeouts: result.timeouts }
  for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) if (!status.startsWith('2')) errorKinds[status] = count
  return {
    connections,
    leadsPerSecond: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    errorKinds,
    accepted: result['2xx'],
  }
}

async function bench(targetName: Target): Promise<Row[]> {
  const webhook = withWebhook ? await startFakeWebhook() : undefined
  try {
    const target = await startTarget(targetName, webhook?.url ?? '', cpuProfileDir)
    const rows: Row[] = []
    try {
      for (const [index, connections] of connectionCounts.entries()) rows.push(await run(target, webhook, connections, index + 1))
    } finally {
      await target.stop()
    }
    return rows
  } finally {
    await webhook?.close()
  }
}

const results = new Map<Target, Row[]>()
for (const target of parsed.targets) {
  const rows = await bench(target)
  results.set(target, rows)
  console.log(`\n${tableLines(target, seconds, rows).join('\n')}`)
}
const node = results.get('node')
const cloudflare = results.get('cloudflare')
if (node && cloudflare) console.log(`\n${ratioLine(node, cloudflare)}`)
const failed = [...results].flatMap(([target, rows]) => failures(target, rows))
if (failed.length > 0) {
  console.error(`bench:api: ${failed.join('; ')}`)
  process.exit(1)
}
