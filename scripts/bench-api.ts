// `npm run bench:api [-- --target node|cloudflare|both --connections 50,200 --seconds 10 --cpu-prof DIR --no-webhook]`:
// the lead endpoint under load, each request from its own address and e-mail, with a fake score webhook (none with
// --no-webhook). Exits 1 when a lead answered 202 was not stored or a stored lead not delivered exactly once.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import autocannon from 'autocannon'
import { clientDir } from '../lib/node/paths.server'
import { Store } from '../server/store'
import { loadOptions, startLoadServer } from './bench/load'
import { previewMissing, queryPreviewD1, startPreview } from './cloudflare-preview'

const TARGETS = ['node', 'cloudflare'] as const
type Target = (typeof TARGETS)[number]

interface Row {
  connections: number
  leadsPerSecond: number
  p50: number
  p99: number
  /** Non-2xx answers, timeouts and socket errors. */
  errors: number
  errorKinds: Record<string, number>
  accepted: number
  stored: number
  /** Undefined without a webhook. */
  delivered?: number
  deliveredTwice?: number
}

/** How many stored leads the webhook's calls brought at least once, and more than once. */
function deliveries(storedKeys: string[], received: string[]): { delivered: number; deliveredTwice: number } {
  const calls = new Map<string, number>()
  for (const key of received) calls.set(key, (calls.get(key) ?? 0) + 1)
  const counts = [...new Set(storedKeys)].map((key) => calls.get(key) ?? 0)
  return { delivered: counts.filter((n) => n >= 1).length, deliveredTwice: counts.filter((n) => n > 1).length }
}

function tableLines(target: Target, seconds: number, rows: Row[]): string[] {
  const served = target === 'node' ? 'the Node server (X-Forwarded-For)' : 'the Worker in local workerd (CF-Connecting-IP)'
  const lines = [
    `bench:api --target ${target}: POST /api/score to ${served} for ${seconds} s per row, one client address per request, loopback`,
    '| connections | leads/s (202) | p50 ms | p99 ms | errors | 202 answers | leads stored | delivered | delivered twice |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const row of rows)
    lines.push(
      `| ${row.connections} | ${Math.round(row.leadsPerSecond)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.accepted} | ${row.stored} | ${row.delivered ?? '–'} | ${row.deliveredTwice ?? '–'} |`,
    )
  for (const row of rows) {
    const kinds = Object.entries(row.errorKinds).filter(([, count]) => count > 0)
    if (kinds.length > 0) lines.push(`errors at ${row.connections} connections: ${kinds.map(([kind, count]) => `${kind} × ${count}`).join(', ')}`)
  }
  return lines
}

/** Cloudflare's leads/s over Node's at each connection count both ran: local workerd is not Cloudflare, so the ratio on one machine is the figure. */
function ratioLine(node: Row[], cloudflare: Row[]): string {
  const ratios = cloudflare.flatMap((row) => {
    const base = node.find((other) => other.connections === row.connections)
    if (!base) return []
    const ratio = base.leadsPerSecond > 0 ? (row.leadsPerSecond / base.leadsPerSecond).toFixed(2) : '–'
    return [`${ratio} at ${row.connections} connections`]
  })
  return `cloudflare ÷ node, leads/s (202): ${ratios.join(', ')}`
}

/** A lead answered 202 and not stored, or a stored lead not delivered exactly once (without a webhook, storage alone). */
function failures(target: Target, rows: Row[]): string[] {
  return rows.flatMap((row) => {
    const at = `at ${row.connections} connections (${target})`
    const { delivered = row.stored, deliveredTwice = 0 } = row
    return [
      ...(row.stored < row.accepted ? [`${row.accepted - row.stored} leads answered 202 but not stored ${at}`] : []),
      ...(delivered < row.stored ? [`${row.stored - delivered} stored leads not delivered ${at}`] : []),
      ...(deliveredTwice > 0 ? [`${deliveredTwice} leads delivered more than once ${at}`] : []),
    ]
  })
}

const { connectionCounts, seconds, cpuProfileDir, values } = loadOptions('bench:api', '50,200', {
  target: { type: 'string', default: 'node' },
  'no-webhook': { type: 'boolean', default: false },
})
// Node first, as the ratio divides by it.
const targets = TARGETS.filter((target) => values.target === 'both' || values.target === target)
if (targets.length === 0) {
  console.error(`bench:api: --target takes node, cloudflare or both, got "${values.target}"`)
  process.exit(2)
}
const withWebhook = !values['no-webhook']

/** After a row's load: the wait for every stored lead to be delivered, then for a repeat to show. */
const DELIVERY_WAIT_MS = 60_000
const SETTLE_MS = 2_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Distinct for each request, so no client reaches its rate limit. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

interface LoadTarget {
  origin: string
  addressHeader: string
  /** The Idempotency-Keys of the leads stored with e-mails that start with `prefix`. */
  leadKeys(prefix: string): Promise<string[]>
  /** The Worker's Cron Trigger; nothing on Node, whose outbox polls by itself. */
  nudge(): Promise<void>
  stop(): Promise<void>
}

async function startNode(webhookUrl: string): Promise<LoadTarget> {
  const server = await startLoadServer(cpuProfileDir, { SCORE_WEBHOOK_URL: webhookUrl })
  return {
    origin: server.origin,
    addressHeader: 'x-forwarded-for',
    async leadKeys(prefix) {
      // A second reader of the server's SQLite file, as `npm run outbox` is.
      const store = await Store.open(server.databaseUrl)
      try {
        return (await store.rows('leads')).filter((row) => String(row.email).startsWith(prefix)).map((row) => String(row.delivery_key))
      } finally {
        await store.close()
      }
    },
    nudge: async () => undefined,
    stop: () => server.stop(),
  }
}

async function startCloudflare(webhookUrl: string): Promise<LoadTarget> {
  if (previewMissing) throw new Error(previewMissing)
  const state = mkdtempSync(join(tmpdir(), 'bench-wrangler-'))
  const remove = () => rmSync(state, { recursive: true, force: true })
  const env = { SCORE_WEBHOOK_URL: webhookUrl, AFFILIATE_WEBHOOK_URL: '' }
  const preview = await startPreview({ clientDir: clientDir(), state, env }).catch((error: unknown) => {
    remove()
    throw error
  })
  return {
    origin: preview.origin,
    // Cloudflare overwrites it with the visitor's address; local workerd passes the client's on.
    addressHeader: 'cf-connecting-ip',
    async leadKeys(prefix) {
      // Read beside the running preview: a second wrangler on its state would break it. The prefix has no `%`, `_` or quote.
      const rows = await queryPreviewD1<{ delivery_key: string }>(state, `SELECT delivery_key FROM leads WHERE email LIKE '${prefix}%'`)
      return rows.map((row) => row.delivery_key)
    },
    nudge: () => preview.cron(),
    stop: () => preview.stop().then(remove),
  }
}

/** Answers 202 at once, so it never slows the outbox it measures, and records each call's Idempotency-Key and e-mail. */
async function startFakeWebhook() {
  const calls: Array<{ key: string; email: string | undefined }> = []
  const server = createServer(async (request, response) => {
    let email: string | undefined
    try {
      email = (JSON.parse(await text(request)) as { email?: string }).email
    } catch {
      // Not JSON: recorded with no e-mail, so it counts for no row.
    }
    calls.push({ key: String(request.headers['idempotency-key']), email })
    response.writeHead(202, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/score`,
    calls,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
type FakeWebhook = Awaited<ReturnType<typeof startFakeWebhook>>

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
  const keys = await target.leadKeys(prefix)
  // autocannon counts timeouts among its errors.
  const errorKinds: Record<string, number> = { 'socket errors': result.errors - result.timeouts, timeouts: result.timeouts }
  for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) if (!status.startsWith('2')) errorKinds[status] = count
  const row: Row = {
    connections,
    leadsPerSecond: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    errorKinds,
    accepted: result['2xx'],
    stored: keys.length,
  }
  if (!webhook) return row
  const received = () => webhook.calls.filter((call) => call.email?.startsWith(prefix)).map((call) => call.key)
  const deadline = Date.now() + DELIVERY_WAIT_MS
  for (let tick = 1; deliveries(keys, received()).delivered < keys.length && Date.now() < deadline; tick++) {
    // The Worker's Cron Trigger every 5 s: Cloudflare fires it every minute, and a bench need not wait that long.
    if (tick % 25 === 0) await nudge(target)
    await sleep(200)
  }
  await nudge(target)
  await sleep(SETTLE_MS)
  return { ...row, ...deliveries(keys, received()) }
}

async function bench(targetName: Target): Promise<Row[]> {
  const webhook = withWebhook ? await startFakeWebhook() : undefined
  try {
    const target = await (targetName === 'node' ? startNode : startCloudflare)(webhook?.url ?? '')
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
for (const target of targets) {
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
