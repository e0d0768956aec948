// The score webhook `npm run bench:api` points its target at: a node:http server on loopback that answers
// 202 at once and records each call's Idempotency-Key and e-mail, so the bench can tell which stored leads
// arrived, and which arrived twice. It answers at once so the webhook never slows the outbox it measures.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface WebhookCall {
  key: string
  email: string | undefined
}

export interface FakeWebhook {
  /** `http://127.0.0.1:<port>/score`, for SCORE_WEBHOOK_URL. */
  url: string
  /** Every call so far, in the order received. */
  calls: WebhookCall[]
  close(): Promise<void>
}

export async function startFakeWebhook(): Promise<FakeWebhook> {
  const calls: WebhookCall[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      let email: string | undefined
      try {
        email = (JSON.parse(body) as { email?: string }).email
      } catch {
        // Not JSON: recorded with no e-mail, so it counts for no row.
      }
      calls.push({ key: String(request.headers['idempotency-key']), email })
      response.writeHead(202, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/score`,
    calls,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
