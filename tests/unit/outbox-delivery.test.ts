import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { Store } from '../../server/store'
import { fakeWebhook } from './outbox-fixture'
import { serverSandbox, type ServerProcess } from './server-process'

// The outbox of real server processes (server/index.ts) on loopback, against a fake score webhook:
// two processes on one database and a webhook that hangs, and a SIGTERM mid-call.
const sandbox = serverSandbox('outbox-delivery-')
const startServer = (env: Record<string, string>) => sandbox.start({ TRUST_PROXY: '1', ...env })

async function stopServers(servers: ServerProcess[]): Promise<void> {
  for (const server of servers) server.child.kill('SIGTERM')
  await Promise.all(servers.map((server) => server.exited))
}

interface Call {
  key: string
  email: string
  at: number
  /** When the connection closed, answered or cut by the sender. */
  closedAt?: number
  answered: boolean
}

/** A score webhook on loopback that records every call; `answer` answers it (or never does). */
async function recordingWebhook(answer: (call: Call, response: ServerResponse) => void) {
  const calls: Call[] = []
  const hook = await fakeWebhook(({ key, body, response }) => {
    const call: Call = { key, email: String((JSON.parse(body) as { email: string }).email), at: Date.now(), answered: false }
    calls.push(call)
    response.on('finish', () => (call.answered = true))
    response.on('close', () => (call.closedAt = Date.now()))
    answer(call, response)
  })
  return { calls, url: hook.url, close: () => void hook.close() }
}

const email = (index: number) => `lead${index}@example.com`

/** Posts a lead from its own client address (the rate limit is 10 per address); resolves when it was answered 202. */
async function postLead(url: string, index: number): Promise<number> {
  const response = await fetch(`${url}/api/score`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.2.${Math.floor(index / 250)}.${index % 250}` },
    body: JSON.stringify({ first_name: `Lead ${index}`, linkedin_url: `https://www.linkedin.com/in/lead-${index}`, email: email(index) }),
  })
  expect(response.status).toBe(202)
  return Date.now()
}

/** Posts `count` leads at once, spread over the servers; the time each was answered, by e-mail address. */
async function postLeads(servers: ServerProcess[], count: number): Promise<Map<string, number>> {
  const answered = await Promise.all(Array.from({ length: count }, (_, index) => postLead(servers[index % servers.length]!.url, index)))
  return new Map(answered.map((at, index) => [email(index), at]))
}

/** How long after its 202 each lead's first webhook call came (ms), by e-mail address. */
function firstAttemptDelays(calls: Call[], answeredAt: Map<string, number>): Map<string, number> {
  const delays = new Map<string, number>()
  for (const call of calls) delays.set(call.email, Math.min(delays.get(call.email) ?? Infinity, call.at - answeredAt.get(call.email)!))
  return delays
}

const longest = (delays: Iterable<number>) => Math.max(...delays)

const countBy = (calls: Call[], key: (call: Call) => string) => {
  const counts = new Map<string, number>()
  for (const call of calls) counts.set(key(call), (counts.get(key(call)) ?? 0) + 1)
  return counts
}

async function deliveredLeads(database: string): Promise<number> {
  const store = await Store.open(database)
  try {
    return (await store.counts()).leads.delivered
  } finally {
    await store.close()
  }
}

describe('the outbox of the server process', () => {
  it('refuses to start with a webhook over plain http off this machine, naming the variable', async () => {
    await expect(startServer({ SCORE_WEBHOOK_URL: 'http://hooks.example/score', DATABASE_URL: sandbox.database('plain-http') })).rejects.toThrow(
      /SCORE_WEBHOOK_URL is plain http \(http:\/\/hooks\.example\/score\).*ALLOW_HTTP_WEBHOOKS=1/,
    )
  })

  it('webhook calls that hang delay no other lead; they are cut at OUTBOX_TIMEOUT_MS, retried 5 s later and delivered once', async () => {
    const LEADS = 25
    const hangs = (address: string) => Number(/\d+/.exec(address)![0]) % 5 === 0
    const hook = await recordingWebhook((call, response) => {
      // The first call for every fifth lead is never answered; every other call is answered at once.
      const first = hook.calls.filter((other) => other.key === call.key).length === 1
      if (!(hangs(call.email) && first)) response.writeHead(200).end()
    })
    const database = sandbox.database('hang')
    const env = { DATABASE_URL: database, SCORE_WEBHOOK_URL: hook.url, OUTBOX_TIMEOUT_MS: '1500' }
    const servers = await Promise.all([startServer(env), startServer(env)])
    try {
      const answeredAt = await postLeads(servers, LEADS)
      await expect.poll(() => hook.calls.filter((call) => call.answered).length, { timeout: 20_000 }).toBe(LEADS)
      await new Promise((resolve) => setTimeout(resolve, 1_500))

      const delays = firstAttemptDelays(hook.calls, answeredAt)
      expect(delays.size).toBe(LEADS)
      const othersDelay = longest([...delays].filter(([address]) => !hangs(address)).map(([, delay]) => delay))
      expect(othersDelay).toBeLessThan(5_000)
      expect(longest(delays.values())).toBeLessThan(5_000)

      const hung = hook.calls.filter((call) => !call.answered)
      expect(hung.map((call) => call.email).sort()).toEqual([...answeredAt.keys()].filter(hangs).sort())
      expect(hook.calls).toHaveLength(LEADS + hung.length)
      for (const call of hung) {
        const retry = hook.calls.find((other) => other.key === call.key && other !== call)!
        expect(call.closedAt! - call.at).toBeGreaterThan(1_000)
        expect(call.closedAt! - call.at).toBeLessThan(3_000)
        expect(retry.answered).toBe(true)
        expect(retry.at - call.closedAt!).toBeGreaterThanOrEqual(4_500)
      }
      const answeredPerKey = countBy(
        hook.calls.filter((call) => call.answered),
        (call) => call.key,
      )
      expect(answeredPerKey.size).toBe(LEADS)
      expect([...answeredPerKey.values()].every((count) => count === 1)).toBe(true)
      expect(await deliveredLeads(database)).toBe(LEADS)
      const cut = hung.map((call) => call.closedAt! - call.at)
      console.log(
        `hanging webhook: ${LEADS} leads, ${hung.length} first calls hung and were cut after ${Math.min(...cut)}-${Math.max(...cut)} ms and retried; ` +
          `${hook.calls.length} calls in all, each lead answered once; the other ${LEADS - hung.length} leads' first attempts at most ${othersDelay} ms after their 202`,
      )
    } finally {
      await stopServers(servers)
      hook.close()
    }
  })

  it('on SIGTERM waits for the webhook call in flight and records its answer before exiting', async () => {
    const hook = await recordingWebhook((_call, response) => setTimeout(() => response.writeHead(200).end(), 1_500))
    const database = sandbox.database('drain')
    const server = await startServer({ DATABASE_URL: database, SCORE_WEBHOOK_URL: hook.url })
    try {
      await postLead(server.url, 0)
      await expect.poll(() => hook.calls.length, { timeout: 5_000 }).toBe(1)
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      expect(hook.calls[0]!.answered).toBe(true)
      expect(await deliveredLeads(database)).toBe(1)
    } finally {
      hook.close()
    }
  })
})
