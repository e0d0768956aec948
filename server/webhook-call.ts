import type { OutboxTable } from './outbox-rows'
import type { Webhook } from './settings'

// One call of the outbox (server/outbox.ts) to a webhook: the record POSTed as JSON with an
// Idempotency-Key that names it (`lead-42`), the same on every retry and from every process, so the
// receiver can tell a repeat from a new record. A webhook's redirect is never followed: the record and
// its api-key go to the configured URL and nowhere else.

export interface SendResult {
  ok: boolean
  /** The JSON `status` field of the webhook's answer, when it had one. */
  status?: string
  error?: string
  /** False when nothing was sent because the record was not due: delivered, waiting for its next attempt, or being sent. */
  claimed?: false
}

const KEY_PREFIX: Record<OutboxTable, string> = { leads: 'lead', clicks: 'click' }

/** The Idempotency-Key of a record: its kind and id, so a lead and a click with the same id differ. */
export function idempotencyKey(table: OutboxTable, id: number): string {
  return `${KEY_PREFIX[table]}-${id}`
}

/** The `status` field of a JSON answer (the affiliate webhook's is relayed); any other body is fine, an ok HTTP status is success. */
function answerStatus(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { status?: unknown }
    return typeof parsed.status === 'string' ? parsed.status : undefined
  } catch {
    return undefined
  }
}

/**
 * POSTs `payload` under the Idempotency-Key `key`; the call, answer body included, is aborted after
 * `msLeft` (the part of its `timeoutMs` not yet spent). A redirect is not followed (it would carry the
 * record and the api-key to whatever origin it names): it is a failed attempt, retried like a 500, and its
 * Location is logged for whoever configured the webhook. Never throws.
 */
export async function postToWebhook(
  webhook: Webhook,
  key: string,
  payload: Record<string, unknown>,
  { timeoutMs, msLeft }: { timeoutMs: number; msLeft: () => number },
): Promise<SendResult> {
  try {
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': key,
        ...(webhook.key ? { 'api-key': webhook.key } : {}),
      },
      body: JSON.stringify(payload),
      redirect: 'manual',
      signal: AbortSignal.timeout(Math.max(0, msLeft())),
    })
    const status = answerStatus(await response.text())
    if (response.status >= 300 && response.status < 400) {
      const error = `HTTP ${response.status} redirect to ${JSON.stringify(response.headers.get('location') ?? '')} not followed`
      console.warn(`outbox: ${key}: ${error}; fix the webhook URL`)
      return { ok: false, error }
    }
    if (!response.ok) return { ok: false, error: `HTTP ${response.status}` }
    return status === undefined ? { ok: true } : { ok: true, status }
  } catch (error) {
    return { ok: false, error: (error as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : (error as Error).message }
  }
}
