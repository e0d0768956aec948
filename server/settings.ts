// The variables the server and the Worker read, checked at start: a bad one stops the server with a message naming it.
import { isLoopbackHost } from '../lib/universal/loopback'
import type { OutboxTable } from './records'

export type Env = Record<string, string | undefined>

/** `name` as a whole number from `min` to `max`, `fallback` when unset; throws `<name> must be <rule>` on anything else. */
export function wholeNumber(env: Env, name: string, fallback: number, rule = 'a positive whole number', min = 1, max = Infinity): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be ${rule}, got "${raw}"`)
  return value
}

export const DEFAULT_LEAD_RETENTION_DAYS = 365
export const DEFAULT_TIMEOUT_MS = 10_000

export const leadRetentionDays = (env = process.env) =>
  wholeNumber(env, 'LEAD_RETENTION_DAYS', DEFAULT_LEAD_RETENTION_DAYS, 'a whole number of days, at least 1')
export const outboxTimeoutFromEnv = (env = process.env) => wholeNumber(env, 'OUTBOX_TIMEOUT_MS', DEFAULT_TIMEOUT_MS)
export const trustedHopsFromEnv = (env = process.env) => wholeNumber(env, 'TRUST_PROXY', 0, 'the number of proxies in front of the server (0 to 10)', 0, 10)

/** SITE_URL as the Worker compares it with a post's Origin: an absolute http(s) origin, no path; throws naming SITE_URL. */
export function siteOriginFromEnv(env: Env = process.env): string {
  const raw = env.SITE_URL
  if (!raw) throw new Error("SITE_URL is not set: set it to the site's origin, like https://example.com")
  const url = URL.canParse(raw) ? new URL(raw) : undefined
  if (url && (url.protocol === 'https:' || url.protocol === 'http:') && url.href === `${url.origin}/`) return url.origin
  throw new Error(`SITE_URL must be the site's origin, an absolute http(s) URL with no path (https://example.com), got "${raw}"`)
}

export type Webhook = { url: string; key: string | undefined }
export type Webhooks = Partial<Record<OutboxTable, Webhook>>

/** https, unless it is a loopback address or ALLOW_HTTP_WEBHOOKS=1 says plain http is meant (a private network). */
function checkedWebhookUrl(name: string, url: string, env: Env): string {
  if (!URL.canParse(url)) throw new Error(`${name} must be an absolute https:// URL, got "${url}"`)
  const { protocol, hostname } = new URL(url)
  if (protocol === 'https:') return url
  if (protocol !== 'http:') throw new Error(`${name} must be an https:// URL, got "${url}"`)
  if (isLoopbackHost(hostname) || env.ALLOW_HTTP_WEBHOOKS === '1') return url
  throw new Error(
    `${name} is plain http (${url}): leads and the api-key would cross the network unencrypted. ` +
      'Use https, or set ALLOW_HTTP_WEBHOOKS=1 if the webhook is on a private network on purpose.',
  )
}

/** Webhooks from SCORE_WEBHOOK_URL/_KEY and AFFILIATE_WEBHOOK_URL/_KEY; an unset URL means "keep, don't send". */
export function webhooksFromEnv(env: Env = process.env): Webhooks {
  const hooks: Webhooks = {}
  for (const [table, prefix] of Object.entries({ leads: 'SCORE', clicks: 'AFFILIATE' }) as Array<[OutboxTable, string]>) {
    const url = env[`${prefix}_WEBHOOK_URL`]
    if (url) hooks[table] = { url: checkedWebhookUrl(`${prefix}_WEBHOOK_URL`, url, env), key: env[`${prefix}_WEBHOOK_KEY`] || undefined }
  }
  return hooks
}
