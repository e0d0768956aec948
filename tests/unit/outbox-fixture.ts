// What outbox-retries.test.ts and outbox-concurrency.test.ts share: stores on database files in a temp
// folder, leads and a click to send, fake webhooks on loopback that answer (or hold) each call, and an
// outbox on both, stopped and closed after its test.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { Outbox, type OutboxOptions } from '../../server/outbox'
import type { ClickRecord, OutboxTable, StoredLead } from '../../server/records'
import { Store } from '../../server/store'
import { storedLead } from './lead-fixture'

/** A temp folder for the test file, removed after its tests; the function opens a new store in it each call. */
export function storeOpener(): () => Promise<Store> {
  const root = mkdtempSync(join(tmpdir(), 'outbox-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  let databases = 0
  return () => Store.open(`file:${join(root, `outbox-${++databases}.db`)}`)
}

export const lead = (index: number): StoredLead => storedLead({ linkedin_url: `https://www.linkedin.com/in/ada-${index}`, email: `ada${index}@example.com` })
export const CLICK: ClickRecord = {
  ref_code: 'P1',
  user_agent: null,
  referer: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  ga_client_id: null,
}

export interface WebhookCall {
  key: string
  request: IncomingMessage
  response: ServerResponse
  body: string
}

/** A webhook on loopback; `answer` gets each call with its body once read, and answers it (or holds it). */
export async function fakeWebhook(answer: (call: WebhookCall) => void): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => answer({ key: String(request.headers['idempotency-key']), request, response, body }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    server,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** The Idempotency-Keys of a table's rows, in the order they were stored. */
export const deliveryKeys = async (store: Store, table: OutboxTable) => (await store.rows(table)).map((row) => String(row.delivery_key))

export const ok = (call: WebhookCall) => call.response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `test` with a new store of `openStore`'s, a fake webhook answering each call with `answer`, and an outbox
 * sending the `tables` to it (the leads unless told) with `options`; then stops the outbox and closes the store and the webhook.
 */
export async function withOutbox(
  openStore: () => Promise<Store>,
  { answer, tables = ['leads'], options }: { answer: (call: WebhookCall) => void; tables?: OutboxTable[]; options?: OutboxOptions },
  test: (rig: { store: Store; outbox: Outbox; hook: Awaited<ReturnType<typeof fakeWebhook>> }) => Promise<void>,
): Promise<void> {
  const store = await openStore()
  const hook = await fakeWebhook(answer)
  const outbox = new Outbox(store, Object.fromEntries(tables.map((table) => [table, { url: hook.url, key: undefined }])), options)
  try {
    await test({ store, outbox, hook })
  } finally {
    await outbox.stop()
    await store.close()
    await hook.close()
  }
}
