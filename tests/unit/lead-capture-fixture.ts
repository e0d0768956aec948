// What lead-capture-form.test.ts, lead-capture-abuse.test.ts and lead-capture-values.test.ts share: the API
// (server/api.ts) on a real store in a temp folder, its outbox sending to a loopback webhook that records
// each body, on a clock the tests move; requests as a browser's JSON or no-JavaScript form post sends them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PageContext } from 'vike/types'
import { afterAll, beforeAll, expect } from 'vitest'
import { loadSite } from '../../lib/node/site.server'
import { loadUiText } from '../../lib/node/ui-text.server'
import { renderFormPage } from '../../renderer/formPage'
import { createApi } from '../../server/api'
import { Outbox } from '../../server/outbox'
import { Store } from '../../server/store'
import { fakeWebhook, ok } from './outbox-fixture'

/** The site's canonical origin (SITE_URL); requests below are made to http://localhost unless they name another URL. */
export const SITE_ORIGIN = 'https://authoritylens.example'

// The page a refused form post gets, as the build renders it beside the home page, which renders the form with this context.
export const pageContext = { site: loadSite(), ui: loadUiText() } as PageContext
const formPage = renderFormPage(pageContext, 'Get your free score')

export let store: Store
let outbox: Outbox
export let api: ReturnType<typeof createApi>
export let clock = Date.parse('2026-03-01T09:00:00Z')
export let webhook: Awaited<ReturnType<typeof fakeWebhook>>
/** Every body the webhook received. */
export const forwarded: Array<Record<string, unknown>> = []

/** Opens the webhook, the store, its outbox and the API before the test file's tests; closes and removes them after. */
export function setUpLeadCaptureApi(): void {
  const root = mkdtempSync(join(tmpdir(), 'lead-capture-'))
  beforeAll(async () => {
    webhook = await fakeWebhook((call) => {
      forwarded.push(JSON.parse(call.body) as Record<string, unknown>)
      ok(call)
    })
    store = await Store.open(`file:${join(root, 'leads.db')}`)
    outbox = new Outbox(store, { leads: { url: webhook.url, key: undefined } }, { now: () => clock })
    api = createApi({ store, outbox, now: () => clock, trustedHops: 1, siteOrigin: SITE_ORIGIN, formPage: () => formPage })
  })
  afterAll(async () => {
    await store.close()
    await webhook.close()
    rmSync(root, { recursive: true, force: true })
  })
}

/** Moves the API's clock on by `ms`. */
export function advanceClock(ms: number): void {
  clock += ms
}

let address = 0
/** A number for the next client address, so that no request meets another's rate limit. */
export const nextAddress = () => ++address

export function post(body: string | Record<string, unknown>, headers: Record<string, string> = {}, url = '/score') {
  return api.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${Math.floor(++address / 200)}.${address % 200}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
export const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  post(new URLSearchParams(fields).toString(), { ...FORM, ...headers })

let people = 0
export function person() {
  people++
  return { first_name: 'Ada', linkedin_url: `https://www.linkedin.com/in/ada-${people}`, email: `ada${people}@example.com` }
}
export const leadsFor = async (email: string) => (await store.rows('leads')).filter((row) => String(row.email).toLowerCase() === email.toLowerCase())
/** Waits until every stored lead is delivered (the handler's own send may be under way), then what the webhook received for this address. */
export async function forwardedFor(email: string) {
  for (let tries = 0; tries < 100 && (await store.counts()).leads.pending > 0; tries++) {
    await outbox.flush()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  expect((await store.counts()).leads.pending).toBe(0)
  return forwarded.filter((body) => String(body.email).toLowerCase() === email.toLowerCase())
}
