// What the store keeps of each record: its shape, its columns, what its webhook is sent, and its delivery key.
import { LEAD_FIELDS, type Lead } from '../lib/universal/lead'

export interface StoredLead extends Lead {
  submitted_at: string
}

/** A lead's own columns, in its webhook payload and its privacy export too: its fields, then when it was submitted. */
export const LEAD_COLUMNS = [...LEAD_FIELDS, 'submitted_at'] as const
/** ?1 now, ?2 the dedupe key, ?3 the e-mail's match key, ?4 the client, ?5 the window's start, ?6 the delivery key, then the lead's columns. */
export const INSERT_LEAD = `INSERT INTO leads (${LEAD_COLUMNS.join(', ')}, received_at, next_attempt_at, dedupe_key, email_key, client_key, delivery_key)
  SELECT ${LEAD_COLUMNS.map((_, index) => `?${index + 7}`).join(', ')}, ?1, ?1, ?2, ?3, ?4, ?6
  WHERE ?2 IS NULL OR NOT EXISTS (SELECT 1 FROM leads WHERE dedupe_key = ?2 AND received_at > ?5)`

export interface ClickRecord {
  ref_code: string
  user_agent: string | null
  referer: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  ga_client_id: string | null
}

export type OutboxTable = 'leads' | 'clicks'

export interface OutboxRow {
  id: number
  /** The Idempotency-Key of every call that sends it. */
  key: string
  attempts: number
  payload: Record<string, unknown>
}

/** A record's delivery key: random, so it names one record across databases, restores and runtimes (`lead-<uuid>`). */
export const newDeliveryKey = (table: OutboxTable) => `${table === 'leads' ? 'lead' : 'click'}-${crypto.randomUUID()}`

export const PAYLOAD_COLUMNS: Record<OutboxTable, readonly string[]> = {
  leads: LEAD_COLUMNS,
  clicks: ['ref_code', 'user_agent', 'referer', 'utm_source', 'utm_medium', 'utm_campaign', 'ga_client_id'],
}

/** A row stored without a key (by a release before migration 5, still running while D1 was migrated) is sent with the key that release used. */
export const DELIVERY_KEY: Record<OutboxTable, string> = {
  leads: "coalesce(delivery_key, 'lead-' || id)",
  clicks: "coalesce(delivery_key, 'click-' || id)",
}

export type RetainedTable = OutboxTable | 'conversions'
