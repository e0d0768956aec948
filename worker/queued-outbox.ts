// The outbox on Cloudflare: a Worker keeps no timers between requests, so the Node outbox's polling
// loop becomes a queue. A record is stored in D1 first, then a message naming it is put on the `OUTBOX`
// queue; the queue's consumer sends it with the Node outbox's own claim, Idempotency-Key, timeout and
// attempt records (server/outbox.ts), and a Cron Trigger every minute puts every record that is due
// and not delivered back on the queue. So a failed enqueue, a lost message or a message whose retries
// ran out loses nothing: the record in D1 is the truth, the queue only says "look at this one now".
import { Outbox, retryDelay, type OutboxPort } from '../server/outbox'
import type { OutboxTable } from '../server/outbox-rows'
import type { Store } from '../server/store'
import type { SendResult } from '../server/webhook-call'

/** A queue message: which record to look at. */
export interface OutboxMessage {
  table: OutboxTable
  id: number
}

/** The part of a Queues producer binding used here (Cloudflare's Queue). */
export interface QueueLike {
  send(body: OutboxMessage, options?: { delaySeconds?: number }): Promise<void>
  sendBatch(messages: Array<{ body: OutboxMessage }>): Promise<void>
}

/** The part of a delivered message used here (Cloudflare's Message). */
export interface MessageLike {
  readonly body: OutboxMessage
  readonly attempts: number
  ack(): void
  retry(options?: { delaySeconds?: number }): void
}

const TABLES: readonly OutboxTable[] = ['leads', 'clicks']

/** Records the Cron Trigger enqueues per table and minute at most; more wait for the next minute. */
const CRON_BATCH = 1_000

/** Queues take at most 100 messages per sendBatch call. */
const SEND_BATCH = 100

const seconds = (ms: number) => Math.ceil(ms / 1_000)

export class QueuedOutbox implements OutboxPort {
  constructor(
    private readonly outbox: Outbox,
    private readonly store: Store,
    private readonly queue: QueueLike,
  ) {}

  isConfigured(table: OutboxTable): boolean {
    return this.outbox.isConfigured(table)
  }

  /** Puts the stored record on the queue. Should that fail, the record waits in D1 for the next Cron Trigger. */
  async stored(table: OutboxTable, id: number, delayMs = 0): Promise<void> {
    if (!this.isConfigured(table)) return
    try {
      await this.queue.send({ table, id }, delayMs > 0 ? { delaySeconds: seconds(delayMs) } : undefined)
    } catch (error) {
      console.error(`outbox: could not enqueue ${table} ${id} (the Cron Trigger will):`, (error as Error).message)
    }
  }

  /** Sends one record now, as on Node (the affiliate click); a failed send is queued for its retry. */
  async deliverNow(table: OutboxTable, id: number, timeoutMs: number): Promise<SendResult> {
    const result = await this.outbox.deliverNow(table, id, timeoutMs)
    if (!result.ok && result.claimed !== false) await this.stored(table, id, retryDelay(1) + 1_000)
    return result
  }

  /**
   * The queue consumer: each message's record is claimed and sent (messages side by side). A record that
   * is not due (delivered, or waiting for a later attempt that the Cron Trigger will enqueue) is
   * acknowledged; a failed send is retried after the outbox's backoff for that attempt.
   */
  async consume(messages: readonly MessageLike[], timeoutMs: number): Promise<void> {
    await Promise.all(
      messages.map(async (message) => {
        const { table, id } = message.body
        if (!TABLES.includes(table) || !Number.isInteger(id)) return message.ack()
        const result = await this.outbox.deliverNow(table, id, timeoutMs)
        if (result.ok || result.claimed === false) message.ack()
        // A second after the record's own next attempt (stored by the failed send), so it is due when the message returns.
        else message.retry({ delaySeconds: seconds(retryDelay(message.attempts)) + 1 })
      }),
    )
  }

  /** The Cron Trigger: every record that is due and not delivered goes (back) on the queue; returns how many. */
  async enqueueDue(now: number): Promise<number> {
    let enqueued = 0
    for (const table of TABLES.filter((table) => this.isConfigured(table))) {
      const ids = await this.store.outbox.dueIds(table, now, CRON_BATCH)
      for (let start = 0; start < ids.length; start += SEND_BATCH)
        await this.queue.sendBatch(ids.slice(start, start + SEND_BATCH).map((id) => ({ body: { table, id } })))
      enqueued += ids.length
    }
    return enqueued
  }
}
