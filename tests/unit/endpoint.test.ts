import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApi } from '../../server/api'
import { defineEndpoint } from '../../server/endpoints'
import { ENDPOINTS } from '../../server/endpoints'
import { Outbox } from '../../server/outbox'
import { Store } from '../../server/store'

// A throwaway endpoint declared here, with no check of its own: every check comes from the declaration.
const root = mkdtempSync(join(tmpdir(), 'endpoint-'))
let store: Store
const clock = Date.parse('2026-01-01T00:00:00Z')
const handled: unknown[] = []

const echo = defineEndpoint({
  path: '/echo',
  rateLimit: { requests: 3, windowMs: 60_000 },
  body: z.object({ word: z.string({ error: 'word must be a string.' }), count: z.number({ error: 'count must be a number.' }).optional() }),
  handle(body, { c }) {
    handled.push(body)
    return c.json({ echoed: body.word }, 200)
  },
})

beforeAll(async () => {
  store = await Store.open(`file:${join(root, 'endpoint.db')}`)
})
afterAll(async () => {
  await store.close()
  rmSync(root, { recursive: true, force: true })
})

function apiWith(endpoints = [echo]) {
  return createApi({ store, outbox: new Outbox(store, {}), now: () => clock, trustedHops: 1, endpoints })
}

let address = 0
function send(api: ReturnType<typeof createApi>, path: string, body: string, headers: Record<string, string> = {}, method = 'POST') {
  return api.request(path, { method, headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${++address}`, ...headers }, body })
}

describe('a declared endpoint', () => {
  it("gets every check, in order, with the API's status codes and messages, and its handler sees only a valid body", async () => {
    const api = apiWith()
    handled.length = 0

    const wrongMethod = await api.request('/echo', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"word":"hi"}' })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('POST')
    expect(await wrongMethod.json()).toEqual({ error: 'Use POST.' })
    expect((await api.request('/echo')).status).toBe(405)

    const notJson = await send(api, '/echo', 'word=hi', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(notJson.status).toBe(415)
    expect(await notJson.json()).toEqual({ error: 'Send JSON (Content-Type: application/json).' })

    const tooBig = await send(api, '/echo', JSON.stringify({ word: 'x'.repeat(4_100) }))
    expect(tooBig.status).toBe(413)
    expect(await tooBig.json()).toEqual({ error: 'The request body is over 4096 bytes.' })

    for (const body of ['["hi"]', 'null', '"hi"', '{"word":']) {
      const notObject = await send(api, '/echo', body)
      expect(notObject.status).toBe(400)
      expect(await notObject.json()).toEqual({ error: 'The request body must be a JSON object.' })
    }

    const badField = await send(api, '/echo', JSON.stringify({ word: 'hi', count: 'two' }))
    expect(badField.status).toBe(400)
    expect(await badField.json()).toEqual({ error: 'count must be a number.', field: 'count' })
    expect(await (await send(api, '/echo', '{}')).json()).toEqual({ error: 'word must be a string.', field: 'word' })

    expect(handled).toEqual([])
    const ok = await send(api, '/echo', JSON.stringify({ word: 'hi', admin: true }))
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ echoed: 'hi' })
    expect(handled).toEqual([{ word: 'hi' }])
    // In order: not JSON and too big, the content type first; too big and not an object, the size first.
    expect((await send(api, '/echo', JSON.stringify({ word: 'x'.repeat(4_100) }), { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await send(api, '/echo', `[${'1,'.repeat(2_100)}1]`)).status).toBe(413)
  })

  it('is rate limited per address, counting refused requests too, and answers 429 with Retry-After', async () => {
    const api = apiWith()
    const from = { 'x-forwarded-for': '198.51.100.4' }
    const statuses = [
      (await send(api, '/echo', 'word=hi', { ...from, 'content-type': 'text/plain' })).status,
      (await send(api, '/echo', '[]', from)).status,
      (await send(api, '/echo', '{"word":"hi"}', from)).status,
    ]
    expect(statuses).toEqual([415, 400, 200])
    const limited = await send(api, '/echo', '{"word":"hi"}', from)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
    expect(await limited.json()).toEqual({ error: 'Too many requests. Please wait and try again.' })
    // The method is checked first: a GET is refused as a GET.
    expect((await api.request('/echo', { headers: from })).status).toBe(405)
    // Another address has its own count, and wrong methods do not use it up.
    const other = { 'x-forwarded-for': '198.51.100.5' }
    for (let i = 0; i < 5; i++) expect((await api.request('/echo', { headers: other })).status).toBe(405)
    for (let i = 0; i < 3; i++) expect((await send(api, '/echo', '{"word":"hi"}', other)).status).toBe(200)
  })

  it('refuses two declarations of one path, since the second would never answer', () => {
    expect(() => apiWith([echo, { ...echo }])).toThrow('/echo')
  })
})

describe("the site's endpoints", () => {
  it.each(ENDPOINTS.map((endpoint) => endpoint.path))('%s gets the same checks', async (path) => {
    const api = createApi({ store, outbox: new Outbox(store, {}), now: () => clock, trustedHops: 1 })
    expect((await api.request(path)).status).toBe(405)
    expect((await send(api, path, '{}', { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await send(api, path, JSON.stringify({ x: 'x'.repeat(4_100) }))).status).toBe(413)
    expect((await send(api, path, '[]')).status).toBe(400)
  })
})
