import { isLoopbackHost } from '../lib/universal/loopback'
import type { OutboxTable } from './outbox-rows'

// Where the outbox sends (server/outbox.ts) and how long one call may take, read from the environment
// once, at start, so a webhook URL that would leak leads or a timeout that makes no sense stops the
// server with a message naming its variable, rather than failing on the first lead.

export interface Webhook {
  url: string
  key: string | undefined
}

export type Webhooks = Partial<Record<OutboxTable, Webhook>>

/**
 * The webhook at `url` (named by the variable `name`), checked: an absolute http(s) URL, and https unless
 * it is a loopback address or ALLOW_HTTP_WEBHOOKS=1 says plain http is meant (an automation tool on a
 * private network): over plain http the lead and the api-key cross the network readable by anyone on
 * the way. Throws a message naming the variable.
 */
function checkedWebhookUrl(name: string, url: string, env: NodeJS.ProcessEnv): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error(`${name} must be an absolute https:// URL, got "${url}"`)
  }
  if (parsed.protocol === 'https:') return url
  if (parsed.protocol !== 'http:') throw new Error(`${name} must be an https:// URL, got "${url}"`)
  if (isLoopbackHost(parsed.hostname) || env.ALLOW_HTTP_WEBHOOKS === '1') return url
  throw new Error(
    `${name} is plain http (${url}): leads and the api-key would cross the network unencrypted. ` +
      'Use https, or set ALLOW_HTTP_WEBHOOKS=1 if the webhook is on a private network on purpose.',
  )
}

/**
 * Webhooks from SCORE_WEBHOOK_URL/_KEY and AFFILIATE_WEBHOOK_URL/_KEY; an unset URL means "keep, don't
 * send". Throws, naming the variable, on a URL that is not https (see checkedWebhookUrl).
 */
export function webhooksFromEnv(env: NodeJS.ProcessEnv = process.env): Webhooks {
  const webhook = (name: string, url: string | undefined, key: string | undefined) =>
    url ? { url: checkedWebhookUrl(name, url, env), key: key || undefined } : undefined
  const hooks: Webhooks = {}
  const leads = webhook('SCORE_WEBHOOK_URL', env.SCORE_WEBHOOK_URL, env.SCORE_WEBHOOK_KEY)
  const clicks = webhook('AFFILIATE_WEBHOOK_URL', env.AFFILIATE_WEBHOOK_URL, env.AFFILIATE_WEBHOOK_KEY)
  if (leads) hooks.leads = leads
  if (clicks) hooks.clicks = clicks
  return hooks
}

/** How long one webhook call may take when OUTBOX_TIMEOUT_MS is not set. */
export const DEFAULT_TIMEOUT_MS = 10_000

/** OUTBOX_TIMEOUT_MS (how long one webhook call may take) as a positive whole number of ms; throws, naming the variable, on anything else. */
export function outboxTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.OUTBOX_TIMEOUT_MS
  if (raw === undefined || raw === '') return DEFAULT_TIMEOUT_MS
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new Error(`OUTBOX_TIMEOUT_MS must be a positive whole number, got "${raw}"`)
  return value
}
