// The lead-capture browser tests' helpers: the fake webhooks and what they received, the rows stored, a lead typed in.
import { createServer } from 'node:http'
import type { Locator } from '@playwright/test'
import { E2E_DATABASE, E2E_RUNTIME, E2E_WRANGLER_STATE, WEBHOOK_PORT } from '../../playwright.config'
import { loadUiText } from '../../lib/node/ui-text.server'
import { Store } from '../../server/store'
import { queryPreviewD1 } from '../../scripts/cloudflare-preview'

export const ui = loadUiText('content')

/** One call to a fake webhook: its path (`/score`, `/affiliate`), its api-key header and its JSON body. */
export interface WebhookCall {
  path: string
  key: string | undefined
  body: Record<string, unknown>
}

/** Where the fake webhooks tell what they received, to the test files' workers. */
const RECEIVED_PATH = '/received'

/**
 * The fake webhooks, on their loopback port (WEBHOOK_PORT) for the whole run: tests/e2e/global-setup.ts
 * starts them, in the runner's process, as the spec files that read them run in workers of their own and
 * in parallel. Returns the teardown.
 */
export async function startWebhooks(): Promise<() => Promise<void>> {
  const received: WebhookCall[] = []
  const webhook = createServer((request, response) => {
    if (request.method === 'GET' && request.url === RECEIVED_PATH) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received))
      return
    }
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const parsed = JSON.parse(body) as Record<string, unknown>
      received.push({ path: request.url ?? '', key: request.headers['api-key'] as string | undefined, body: parsed })
      // The affiliate webhook accepts every code but REJECTED.
      const status = request.url === '/affiliate' && parsed.ref_code === 'REJECTED' ? 'rejected' : 'ok'
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status }))
    })
  })
  await new Promise<void>((resolve) => webhook.listen(WEBHOOK_PORT, '127.0.0.1', resolve))
  return () =>
    new Promise<void>((resolve) => {
      webhook.close(() => resolve())
      webhook.closeAllConnections()
    })
}

/** Every call the fake webhooks received so far, in order. */
export async function receivedHooks(): Promise<WebhookCall[]> {
  const response = await fetch(`http://127.0.0.1:${WEBHOOK_PORT}${RECEIVED_PATH}`)
  return (await response.json()) as WebhookCall[]
}

/** How many times the score webhook was sent this email (in any case). */
export const webhookCalls = async (email: string) =>
  (await receivedHooks()).filter((hook) => hook.path === '/score' && String(hook.body.email).toLowerCase() === email.toLowerCase()).length

/** Types a lead into the free-score form, field by field, as a visitor would. */
export async function fillLead(form: Locator, lead: Record<'first_name' | 'linkedin_url' | 'email', string>) {
  await form.getByLabel(ui.form.firstName).fill(lead.first_name)
  await form.getByLabel(ui.form.linkedinUrl).fill(lead.linkedin_url)
  await form.getByLabel(ui.form.email).fill(lead.email)
}

/** The rows the server stored: in its SQLite file, or in the Worker's local D1 (E2E_RUNTIME=cloudflare). */
export async function storedRows(table: 'leads' | 'clicks' | 'conversions') {
  if (E2E_RUNTIME === 'cloudflare') return queryPreviewD1<Record<string, unknown>>(E2E_WRANGLER_STATE, `SELECT * FROM ${table} ORDER BY id`)
  const store = await Store.open(`file:${E2E_DATABASE}`)
  try {
    return await store.rows(table)
  } finally {
    await store.close()
  }
}
