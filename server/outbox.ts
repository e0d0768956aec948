import type { OutboxRow, OutboxTable, Store } from './store'

// Forwards stored leads and clicks to their webhooks until each is delivered once.

export interface Webhook {
  url: string
  key: string | undefined
}

export type Webhooks = Partial<Record<OutboxTable, Webhook>>

/** Webhooks from SCORE_WEBHOOK_URL/_KEY and AFFILIATE_WEBHOOK_URL/_KEY; an unset URL means "keep, don't send". */
export function webhooksFromEnv(env: NodeJS.ProcessEnv = process.env): Webhooks {
  const webhook = (url: string | undefined, key: string | undefined) => (url ? { url, key: key || undefined } : undefined)
  const hooks: Webhooks = {}
  const leads = webhook(env.SCORE_WEBHOOK_URL, env.SCORE_WEBHOOK_KEY)
  const clicks = webhook(env.AFFILIATE_WEBHOOK_URL, env.AFFILIATE_WEBHOOK_KEY)
  if (leads) hooks.leads = leads
  if (clicks) hooks.clicks = clicks
  return hooks
}

const FIRST_RETRY_MS = 5_000
const MAX_RETRY_MS = 10 * 60_000
/** How long a claimed row is held by one sender before another may try it. */
const LEASE_MS = 30_000

/** Delay before attempt `attempts + 1`: 5 s, 10 s, 20 s … capped at 10 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS)
}

export interface SendResult {
  ok: boolean
  /** The JSON `status` field of the webhook's answer, when it had one. */
  status?: string
  error?: string
}

export class Outbox {
  private timer: NodeJS.Timeout | undefined
  private running = false

  constructor(
    private readonly store: Store,
    private readonly webhooks: Webhooks,
    private readonly options: { pollMs?: number; timeoutMs?: number; now?: () => number } = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  isConfigured(table: OutboxTable): boolean {
    return this.webhooks[table] !== undefined
  }

  /** Polls for due rows every second (the first attempt of a new record is within 5 s). */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.pollMs ?? 1_000)
    this.timer.unref()
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  /** Sends every due row once; returns how many were delivered. */
  async flush(): Promise<number> {
    if (this.running) return 0
    this.running = true
    let delivered = 0
    try {
      for (const table of ['leads', 'clicks'] as const) {
        if (!this.isConfigured(table)) continue
        for (const row of await this.store.claimDue(table, this.now(), LEASE_MS)) {
          if ((await this.send(table, row)).ok) delivered++
        }
      }
    } catch (error) {
      console.error('outbox: flush failed:', (error as Error).message)
    } finally {
      this.running = false
    }
    return delivered
  }

  /** Sends one stored row now (the affiliate click waits for its answer); the worker retries it on failure. */
  async deliverNow(table: OutboxTable, id: number, timeoutMs: number): Promise<SendResult> {
    if (!this.isConfigured(table)) return { ok: false, error: 'no webhook configured' }
    const [row] = await this.store.claimDue(table, this.now(), LEASE_MS, { id })
    if (!row) return { ok: false, error: 'already being sent' }
    return this.send(table, row, timeoutMs)
  }

  private async send(table: OutboxTable, row: OutboxRow, timeoutMs = this.options.timeoutMs ?? 10_000): Promise<SendResult> {
    const webhook = this.webhooks[table]!
    let result: SendResult
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(webhook.key ? { 'api-key': webhook.key } : {}) },
        body: JSON.stringify(row.payload),
        signal: AbortSignal.timeout(timeoutMs),
      })
      const text = await response.text()
      let status: string | undefined
      try {
        const parsed = JSON.parse(text) as { status?: unknown }
        if (typeof parsed.status === 'string') status = parsed.status
      } catch {
        // The score webhook's body is not read; any ok status is success.
      }
      result = response.ok ? { ok: true, ...(status === undefined ? {} : { status }) } : { ok: false, error: `HTTP ${response.status}` }
    } catch (error) {
      result = { ok: false, error: (error as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : (error as Error).message }
    }
    if (result.ok) await this.store.markDelivered(table, row.id, this.now())
    else await this.store.markFailed(table, row.id, this.now() + retryDelay(row.attempts + 1), result.error ?? 'failed')
    return result
  }
}
