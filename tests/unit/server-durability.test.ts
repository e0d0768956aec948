import { describe, expect, it } from 'vitest'
import { Store } from '../../server/store'
import { fakeWebhook } from './outbox-fixture'
import { serverSandbox } from './server-process'

// The real server process (server/index.ts) on loopback, its database in a temp folder.
const sandbox = serverSandbox('durability-')
const startServer = (env: Record<string, string>) => sandbox.start({ TRUST_PROXY: '1', ...env })

function postLead(url: string, index: number) {
  return fetch(`${url}/api/score`, {
    method: 'POST',
    // One address per lead: the per-address limit is not what these tests are about.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${Math.floor(index / 250)}.${index % 250}` },
    body: JSON.stringify({
      first_name: `Lead ${index}`,
      linkedin_url: `https://www.linkedin.com/in/lead-${index}`,
      email: `lead${index}@example.com`,
      submitted_at: new Date().toISOString(),
    }),
  })
}

async function leadEmails(database: string): Promise<Set<string>> {
  const store = await Store.open(database)
  try {
    return new Set((await store.rows('leads')).map((row) => String(row.email)))
  } finally {
    await store.close()
  }
}

describe('the server never loses a lead', () => {
  it('stores every lead while the webhook is down and delivers each once when it comes back', async () => {
    let up = false
    const deliveries = new Map<string, number>()
    let refused = 0
    const webhook = await fakeWebhook(({ body, response }) => {
      if (!up) {
        refused++
        return response.writeHead(503).end()
      }
      const email = String((JSON.parse(body) as { email: string }).email)
      deliveries.set(email, (deliveries.get(email) ?? 0) + 1)
      response.writeHead(200).end()
    })
    const database = sandbox.database('outage')
    const { child, url } = await startServer({
      DATABASE_URL: database,
      SCORE_WEBHOOK_URL: webhook.url,
      SCORE_WEBHOOK_KEY: 'k',
    })
    try {
      const LEADS = 25
      const statuses = await Promise.all(Array.from({ length: LEADS }, (_, index) => postLead(url, index).then((response) => response.status)))
      expect(statuses).toEqual(Array(LEADS).fill(202))
      await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(LEADS)
      expect((await leadEmails(database)).size).toBe(LEADS)
      expect(deliveries.size).toBe(0)

      up = true
      await expect.poll(() => deliveries.size, { timeout: 30_000, interval: 500 }).toBe(LEADS)
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      expect([...deliveries.values()].every((count) => count === 1)).toBe(true)
      console.log(
        `outage: ${LEADS} leads answered 202 and stored while the webhook refused ${refused} attempts; all ${deliveries.size} delivered exactly once after it came back`,
      )
    } finally {
      child.kill('SIGTERM')
      await webhook.close()
    }
  })

  it('keeps every answered lead when another process opens and closes the database beside it (npm run privacy, npm run outbox)', async () => {
    const database = sandbox.database('beside')
    const server = await startServer({ DATABASE_URL: database })
    for (let index = 0; index < 20; index++) expect((await postLead(server.url, 5_000 + index)).status).toBe(202)
    // Another process reads and closes: were the server's locks on the file gone, that process would take the
    // database for unused and delete its write-ahead log on closing, under the running server.
    expect((await leadEmails(database)).size).toBe(20)
    for (let index = 20; index < 40; index++) expect((await postLead(server.url, 5_000 + index)).status).toBe(202)
    server.child.kill('SIGKILL')
    await server.exited
    expect((await leadEmails(database)).size).toBe(40)
  })

  it('keeps every answered lead when killed with SIGKILL mid-traffic', async () => {
    const database = sandbox.database('kill')
    const first = await startServer({ DATABASE_URL: database })
    const answered: string[] = []
    let sent = 0
    const traffic = (async () => {
      // Bounded: at most 400 requests, 8 at a time, until the process dies.
      for (let batch = 0; batch < 50; batch++) {
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, () => {
            const index = sent++
            return postLead(first.url, index).then((response) => ({ index, status: response.status }))
          }),
        )
        for (const result of results) if (result.status === 'fulfilled' && result.value.status === 202) answered.push(`lead${result.value.index}@example.com`)
        if (results.some((result) => result.status === 'rejected')) return
      }
    })()
    await expect.poll(() => answered.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(60)
    first.child.kill('SIGKILL')
    await traffic
    expect(answered.length).toBeLessThan(sent)

    const second = await startServer({ DATABASE_URL: database })
    try {
      const stored = await leadEmails(database)
      const lost = answered.filter((email) => !stored.has(email))
      expect(lost).toEqual([])
      console.log(`kill: ${sent} leads sent, ${answered.length} answered 202 before SIGKILL, ${stored.size} stored after restart, 0 answered leads lost`)
    } finally {
      second.child.kill('SIGTERM')
    }
  })
})
