// What the store keeps of each record: its shape, its columns, what its webhook is sent, and its delivery key.
import { LEAD_FIELDS, type Lead } from '../lib/universal/lead'

export type StoredLead = Lead & { submitted_at: string }

/** A lead's own columns, in its webhook payload and its privacy export too: its fields, then when it was submitted. */
export const LEAD_COLUMNS = [...LEAD_FIELDS, 'submitted_at'] as const
/** ?1 now, ?2 the dedupe key, ?3 the e-mail's match key, ?4 the client, ?5 the window's start, ?6 the delivery key, then the lead's columns. */
export const INSERT_LEAD = `INSERT INTO leads (${LEAD_COLUMNS.join(', ')}, received_at, next_attempt_at, dedupe_key, email_key, client_key, delivery_key)
  SELECT ${LEAD_COLUMNS.map((_, index) => `?${index + 7}`).join(', ')}, ?1, ?1, ?2, ?3, ?4, ?6
  WHERE ?2 IS NULL OR NOT EXISTS (SELECT 1 FROM leads WHERE dedupe_key = ?2 AND received_at > ?5)`

export const CLICK_COLUMNS = ['ref_code', 'user_agent', 'referer', 'utm_source', 'utm_medium', 'utm_campaign', 'ga_client_id'] as const
export type ClickRecord = Record<(typeof CLICK_COLUMNS)[number], string | null> & { ref_code: string }

export type OutboxTable = 'leads' | 'clicks'

export interface OutboxRow {
  id: number
  /** The Idempotency-Key of every call that sends it. */
  key: string
  attempts: number
  payload: Record<string, unknown>
}

export const PAYLOAD_COLUMNS: Record<OutboxTable, readonly string[]> = { leads: LEAD_COLUMNS, clicks: CLICK_COLUMNS }

const KEY_PREFIX: Record<OutboxTable, string> = { leads: 'lead', clicks: 'click' }
/** A record's delivery key: random, so it names one record across databases, restores and runtimes (`lead-<uuid>`). */
export const newDeliveryKey = (table: OutboxTable) => `${KEY_PREFIX[table]}-${crypto.randomUUID()}`
/** A row stored without a key (by a release before migration 5, still running while D1 was migrated) is sent with the key that release used. */
export const deliveryKeyOf = (table: OutboxTable) => `coalesce(delivery_key, '${KEY_PREFIX[table]}-' || id)`

export type RetainedTable = OutboxTable | 'conversions'
