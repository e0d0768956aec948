// The setting of cloudflare-leads.test.ts: the lead path on Cloudflare's runtime, `npm run
// preview:cloudflare` in local workerd (the Worker, D1, the outbox queue and its Cron Trigger) on a
// miniature site, against fake webhooks on loopback; one preview for the file.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { previewMissing as missing, queryPreviewD1, startPreview, type Preview } from '../../scripts/cloudflare-preview'
import { writeMiniatureSite } from './routing-table'

interface Call {
  path: string
  key: string
  apiKey: string | undefined
  email: string | undefined
}

/** Webhooks on one loopback port that record every call; `answer` picks the status (or the port can be closed and reopened). */
function fakeWebhooks() {
  const calls: Call[] = []
  // An answer, or 'hang': the call is never answered (the sender must cut it).
  let answer = (call: Call): { status: number; body?: unknown; afterMs?: number } | 'hang' => ({
    status: call.path === '/click' ? 200 : 202,
    body: { status: 'tracked' },
  })
  let server: Server | undefined
  let port = 0
  const handler = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const payload = JSON.parse(body || '{}') as { email?: string }
      const call = {
        path: request.url ?? '',
        key: String(request.headers['idempotency-key']),
        apiKey: request.headers['api-key'] as string | undefined,
        email: payload.email,
      }
      calls.push(call)
      const answered = answer(call)
      if (answered === 'hang') return
      setTimeout(
        () => response.writeHead(answered.status, { 'content-type': 'application/json' }).end(JSON.stringify(answered.body ?? {})),
        answered.afterMs ?? 0,
      )
    })
  })
  return {
    calls,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    setAnswer(next: typeof answer) {
      answer = next
    },
    async open() {
      server = handler
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
      port = (server.address() as AddressInfo).port
    },
    async close() {
      server?.closeAllConnections()
      await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve())
    },
  }
}

// The home page as the build writes it, in miniature: a stylesheet and the free-score form.
export const HOME_PAGE = [
  '<!DOCTYPE html><html lang="en"><head><style>.score-form{display:grid}</style></head><body>',
  '<h2 id="free-score-heading">Get your free Authority Score</h2>',
  '<form class="score-form" method="post" action="/api/score"><label for="first_name">Your first name</label><input id="first_name" name="first_name"/>',
  '<label for="linkedin_url">Your LinkedIn URL</label><input id="linkedin_url" name="linkedin_url"/><label for="email">Your e-mail</label><input id="email" name="email"/>',
  '<p id="free-score-error" class="form-error" role="alert"></p><button type="submit">Score me</button></form></body></html>',
].join('')
export const hooks = fakeWebhooks()
/** The running preview: the test file's, once its beforeAll has started it; `start()` starts another. */
export let preview: Preview | undefined
/** The preview's D1 and queue state, kept from one start to the next. */
export let state = ''
let clientDir = ''

const settings = () => ({
  SCORE_WEBHOOK_URL: hooks.url('/score'),
  SCORE_WEBHOOK_KEY: 'score-secret',
  AFFILIATE_WEBHOOK_URL: hooks.url('/click'),
  AFFILIATE_WEBHOOK_KEY: 'click-secret',
  OUTBOX_TIMEOUT_MS: '3000',
  LEAD_RETENTION_DAYS: '30',
})
export const start = async () => (preview = await startPreview({ clientDir, state, env: settings() }))

/**
 * For the test file `file`: the miniature site with the home page, a state folder, the webhooks open and
 * the preview started before its tests; all stopped and removed after them. Says why when it cannot run.
 */
export function setUpLeadsPreview(file: string): void {
  const site = writeMiniatureSite()
  clientDir = site.clientDir
  writeFileSync(join(site.clientDir, 'index.html'), HOME_PAGE)
  state = mkdtempSync(join(tmpdir(), 'wrangler-leads-'))

  if (missing) console.warn(`${file} skipped: ${missing}`)

  beforeAll(async () => {
    if (missing) return
    await hooks.open()
    await start()
  })

  afterAll(async () => {
    if (process.env.SHOW_PREVIEW) console.log(preview?.output())
    await preview?.stop()
    await hooks.close()
    rmSync(state, { recursive: true, force: true })
    site.remove()
  })
}

/** A JSON lead from `address` as Cloudflare names it; resolves with the status. */
export async function postLead(email: string, address: string): Promise<number> {
  const response = await fetch(`${preview!.origin}/api/score`, {
    method: 'POST',
    headers: { origin: preview!.origin, 'cf-connecting-ip': address, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Ada', linkedin_url: `https://www.linkedin.com/in/${email.split('@')[0]}`, email }),
  })
  return response.status
}

export const lead = async (email: string) =>
  (
    await queryPreviewD1<{ id: number; attempts: number; delivered_at: number | null; delivery_key: string }>(
      state,
      `SELECT id, attempts, delivered_at, delivery_key FROM leads WHERE email = '${email}'`,
    )
  )[0]
export const callsFor = (email: string) => hooks.calls.filter((call) => call.email === email)
export const POLL = { timeout: 60_000, interval: 250 }
