// Webhooks that misbehave, seen from Cloudflare's runtime (`npm run preview:cloudflare`, see
// cloudflare-leads-fixture.ts): a slow one, one that hangs, the affiliate relay's answer within 3 s, and
// one that is down while a lead is stored and the preview restarts.
import { describe, expect, it } from 'vitest'
import { POLL, callsFor, hooks, lead, postLead, preview, start, setUpLeadsPreview } from './cloudflare-leads-fixture'
import { previewMissing as missing } from './cloudflare-preview'

setUpLeadsPreview('cloudflare-leads-webhooks.test.ts')

describe.skipIf(missing)('npm run preview:cloudflare delivers leads through the queue', () => {
  it('waits for a slow webhook (2.5 s a call, under OUTBOX_TIMEOUT_MS) and sends each lead once', async () => {
    hooks.setAnswer(() => ({ status: 202, afterMs: 2_500 }))
    const emails = ['slow-1@example.com', 'slow-2@example.com', 'slow-3@example.com']
    for (const [index, email] of emails.entries()) expect(await postLead(email, `72.0.1.${index}`)).toBe(202)
    await expect.poll(async () => Promise.all(emails.map(async (email) => (await lead(email))?.delivered_at ?? null)), POLL).not.toContain(null)
    // Time for a second send of any of them to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    for (const email of emails) {
      expect(callsFor(email)).toHaveLength(1)
      expect((await lead(email))!.attempts).toBe(1)
    }
  })

  it('cuts a webhook call that hangs at OUTBOX_TIMEOUT_MS, delays no other lead with it, and retries it once with its key', async () => {
    let hung = false
    hooks.setAnswer((call) => {
      if (call.email === 'hang@example.com' && !hung) {
        hung = true
        return 'hang'
      }
      return { status: 202 }
    })
    const posted = Date.now()
    expect(await postLead('hang@example.com', '72.0.0.9')).toBe(202)
    expect(await postLead('beside@example.com', '72.0.0.10')).toBe(202)
    // The lead beside it arrives while the first call still hangs (cut at 3 s, retried 5 s later).
    await expect.poll(() => callsFor('beside@example.com').length, POLL).toBe(1)
    expect(callsFor('hang@example.com')).toHaveLength(1)
    await expect.poll(() => callsFor('hang@example.com').length, POLL).toBe(2)
    const [first, retry] = callsFor('hang@example.com')
    expect(retry!.key).toBe(first!.key)
    expect(Date.now() - posted).toBeGreaterThan(3_000 + 5_000)
    await expect.poll(async () => (await lead('hang@example.com'))?.delivered_at ?? null, POLL).not.toBeNull()
    expect((await lead('hang@example.com'))!.attempts).toBe(2)
    expect(callsFor('beside@example.com')).toHaveLength(1)
  })

  it('relays the affiliate webhook status to the referral click within 3 s', async () => {
    hooks.setAnswer((call) => ({ status: call.path === '/click' ? 200 : 202, body: { status: 'tracked' } }))
    const started = Date.now()
    const response = await fetch(`${preview!.origin}/api/affiliate-click`, {
      method: 'POST',
      headers: { origin: preview!.origin, 'cf-connecting-ip': '72.0.0.4', 'content-type': 'application/json' },
      body: JSON.stringify({ ref_code: 'PARTNER1' }),
    })
    expect(await response.json()).toEqual({ status: 'tracked' })
    expect(Date.now() - started).toBeLessThan(3_000)
    const clicks = hooks.calls.filter((call) => call.path === '/click')
    expect(clicks).toHaveLength(1)
    expect(clicks[0]).toMatchObject({ key: expect.stringMatching(/^click-\d+$/), apiKey: 'click-secret' })
  })

  it('keeps a lead stored while the webhook is down through a restart, and delivers it once the webhook is back', async () => {
    await hooks.close()
    expect(await postLead('down@example.com', '72.0.0.5')).toBe(202)
    // The first attempt fails (nothing listens) and is recorded; then the preview goes away.
    await expect.poll(async () => (await lead('down@example.com'))?.attempts ?? 0, POLL).toBeGreaterThanOrEqual(1)
    await preview!.stop()
    expect((await lead('down@example.com'))!.delivered_at).toBeNull()

    await hooks.open()
    await start()
    // Cloudflare fires the Cron Trigger every minute; the test does not wait for the minute.
    await expect
      .poll(async () => {
        await preview!.cron()
        return callsFor('down@example.com').length
      }, POLL)
      .toBe(1)
    await expect.poll(async () => (await lead('down@example.com'))?.delivered_at ?? null, POLL).not.toBeNull()
    expect(callsFor('down@example.com')).toHaveLength(1)
  })
})
