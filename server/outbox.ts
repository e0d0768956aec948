// Forwards stored leads and clicks to their webhooks until each is delivered once, following no redirect: the api-key goes to that URL only.
import { DEFAULT_TIMEOUT_MS, type Webhook, type Webhooks } from './settings'
import type { OutboxRow, OutboxTable } from './records'
import { BUSY_TIMEOUT_MS, type Store } from './store'

/** Per webhook and process, so a hanging webhook delays nothing else; few enough that hanging calls hold few sockets. */
export const MAX_IN_FLIGHT = 64
/** While rows wait, a pass claims again once this many slots are free: a claim is a write, so not one per send. */
const REFILL_SLOTS = MAX_IN_FLIGHT / 4
/** A claimed row is leased for the call's timeout plus time to write its outcome, which may wait for another process's lock. */
const LEASE_MARGIN_MS = BUSY_TIMEOUT_MS + 5_000
const FIRST_RETRY_MS = 5_000
const MAX_RETRY_MS = 10 * 60_000

/** Delay before attempt `attempts + 1`: 5 s, 10 s, 20 s … capped at 10 minutes. */
export const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS)

export interface OutboxPort {
  stored(table: OutboxTable, id: number): Promise<void>
  deliverNow(table: OutboxTable, id: number, timeoutMs: number): Promise<SendResult>
}

export interface SendResult {
  ok: boolean
  /** The webhook's JSON `status` (the affiliate webhook's is relayed). */
  status?: string
  error?: string
  /** False when nothing was sent because the record was not due: delivered, or waiting for its next attempt. */
  claimed?: false
}

const inFlightName = (table: OutboxTable, id: number) => `${table} ${id}`

/** POSTs `payload`, answer body included within `msLeft`; a redirect is a failed attempt, its Location logged. Never throws. */
async function postToWebhook(webhook: Webhook, key: string, payload: Record<string, unknown>, timeoutMs: number, msLeft: number): Promise<SendResult> {
  try {
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, ...(webhook.key ? { 'api-key': webhook.key } : {}) },
      body: JSON.stringify(payload),
      redirect: 'manual',
      signal: AbortSignal.timeout(Math.max(0, msLeft)),
    })
    const text = await response.text()
    if (response.status >= 300 && response.status < 400) {
      const error = `HTTP ${response.status} redirect to ${JSON.stringify(response.headers.get('location') ?? '')} not followed`
      console.warn(`outbox: ${key}: ${error}; fix the webhook URL`)
      return { ok: false, error }
    }
    if (!response.ok) return { ok: false, error: `HTTP ${response.status}` }
    let status: unknown
    try {
      status = (JSON.parse(text) as { status?: unknown } | null)?.status
    } catch {
      // Any body is fine: an ok HTTP status is success.
    }
    return typeof status === 'string' ? { ok: true, status } : { ok: true }
  } catch (error) {
    return { ok: false, error: (error as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : (error as Error).message }
  }
}

export type OutboxOptions = { pollMs?: number; timeoutMs?: number; now?: () => number }

export class Outbox implements OutboxPort {
  private timer: NodeJS.Timeout | undefined
  private stopped = false
  /** Per webhook: sends in flight, plus slots held for a claim under way. */
  private readonly slotsTaken: Record<OutboxTable, number> = { leads: 0, clicks: 0 }
  private readonly sending = new Map<string, Promise<SendResult>>()
  /** The claiming loop, while it runs: one pass more for each batch of flush calls made meanwhile. */
  private claiming: Promise<void> | undefined
  private readonly flushWaiting: Array<(delivered: number) => void> = []
  /** Per webhook: the last pass filled every free slot, so a slot that frees may find another row at once. */
  private readonly backlog: Record<OutboxTable, boolean> = { leads: false, clicks: false }
  /** The table claimed first alternates, so a backlog of one kind does not starve the other. */
  private passes = 0

  private readonly now: () => number
  private readonly timeoutMs: number
  private readonly leaseMs: number

  constructor(
    private readonly store: Store,
    private readonly webhooks: Webhooks,
    private readonly options: OutboxOptions = {},
  ) {
    this.now = options.now ?? Date.now
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.leaseMs = this.timeoutMs + LEASE_MARGIN_MS
  }

  isConfigured = (table: OutboxTable): boolean => this.webhooks[table] !== undefined

  /** Polls every second for other processes' rows and retries that came due (the first attempt of a new record is within 5 s). */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.pollMs ?? 1_000)
    this.timer.unref()
  }

  /** Stops polling and claiming for good, then waits (about one lease at most) for the sends in flight; close the store after it. */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    this.stopped = true
    await this.claiming
    let bound: NodeJS.Timeout | undefined
    const leaseOver = new Promise<void>((resolve) => (bound = setTimeout(resolve, this.leaseMs)))
    await Promise.race([Promise.allSettled(this.sending.values()), leaseOver])
    clearTimeout(bound)
  }

  /** Claims due rows for the free slots and sends them, resolving with how many were delivered; a call during a pass gets the next one. */
  flush(): Promise<number> {
    if (this.stopped) return Promise.resolve(0)
    const delivered = new Promise<number>((resolve) => this.flushWaiting.push(resolve))
    this.claiming ??= this.claimWhileAsked()
    return delivered
  }

  private async claimWhileAsked(): Promise<void> {
    while (this.flushWaiting.length > 0) {
      const callers = this.flushWaiting.splice(0)
      const sends = await this.claimPass()
      void Promise.all(sends).then((results) => {
        const delivered = results.filter((result) => result.ok).length
        for (const resolve of callers) resolve(delivered)
      })
    }
    this.claiming = undefined
  }

  private async claimPass(): Promise<Array<Promise<SendResult>>> {
    const order: OutboxTable[] = this.passes++ % 2 === 0 ? ['leads', 'clicks'] : ['clicks', 'leads']
    const sends: Array<Promise<SendResult>> = []
    for (const table of order.filter((table) => this.isConfigured(table))) {
      if (this.stopped) break
      const free = MAX_IN_FLIGHT - this.slotsTaken[table]
      if (free <= 0) {
        this.backlog[table] = true
        continue
      }
      try {
        const started = await this.claimAndSend(table, free, {}, this.timeoutMs)
        this.backlog[table] = started.length === free
        sends.push(...started)
      } catch (error) {
        console.error(`outbox: claiming ${table} failed:`, (error as Error).message)
      }
    }
    return sends
  }

  stored = async (): Promise<void> => void this.flush()

  /** The affiliate click waits for its answer, or for the send already under way; a failed send is retried later. */
  async deliverNow(table: OutboxTable, id: number, timeoutMs: number): Promise<SendResult> {
    if (!this.isConfigured(table)) return { ok: false, error: 'no webhook configured' }
    if (this.stopped) return { ok: false, error: 'outbox stopped' }
    // A poll may claim the new record first, holding every free slot meanwhile: its claim is waited for, and its send answers.
    if (this.slotsTaken[table] >= MAX_IN_FLIGHT) await this.claiming
    const polled = () => this.sending.get(inFlightName(table, id))
    let send = polled()
    if (!send) {
      if (this.slotsTaken[table] >= MAX_IN_FLIGHT) return { ok: false, error: 'every send slot is taken' }
      ;[send] = await this.claimAndSend(table, 1, { id }, Math.min(timeoutMs, this.timeoutMs))
      if (send) return send
      send = polled()
      if (!send) return { ok: false, claimed: false, error: 'not due: delivered, or waiting for its next attempt' }
    }
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<SendResult>((resolve) => (timer = setTimeout(() => resolve({ ok: false, error: `no answer within ${timeoutMs} ms` }), timeoutMs)))
    return Promise.race([send, late]).finally(() => clearTimeout(timer))
  }

  /** Claims at most `limit` due rows (holding that many slots meanwhile) and sends each, aborted `timeoutMs` after the claim. */
  private async claimAndSend(table: OutboxTable, limit: number, only: { id?: number }, timeoutMs: number): Promise<Array<Promise<SendResult>>> {
    this.slotsTaken[table] += limit
    const claimedAt = this.now()
    let rows: OutboxRow[] = []
    try {
      // A row whose call from here is still under way comes back only if the clock jumped past its lease: it is not sent twice.
      const claimed = await this.store.claimDue(table, claimedAt, this.leaseMs, { ...only, limit })
      rows = claimed.filter((row) => !this.sending.has(inFlightName(table, row.id)))
    } finally {
      this.slotsTaken[table] -= limit - rows.length
    }
    return rows.map((row) => {
      const name = inFlightName(table, row.id)
      const send = this.send(table, row, claimedAt, timeoutMs)
      this.sending.set(name, send)
      void send.then(() => {
        this.sending.delete(name)
        this.slotsTaken[table]--
        if (this.backlog[table] && MAX_IN_FLIGHT - this.slotsTaken[table] >= REFILL_SLOTS) void this.flush()
      })
      return send
    })
  }

  /** One attempt, then its outcome written to the store; never throws. */
  private async send(table: OutboxTable, row: OutboxRow, claimedAt: number, timeoutMs: number): Promise<SendResult> {
    const result = await postToWebhook(this.webhooks[table]!, row.key, row.payload, timeoutMs, claimedAt + timeoutMs - this.now())
    try {
      if (result.ok) await this.store.markDelivered(table, row.id, this.now())
      else await this.store.markFailed(table, row.id, this.now() + retryDelay(row.attempts + 1), result.error ?? 'failed')
    } catch (error) {
      console.error(`outbox: could not record the attempt of ${row.key}:`, (error as Error).message)
    }
    return result
  }
}
