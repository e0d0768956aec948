// Retention (server/retention.ts, LEAD_RETENTION_DAYS) on real database files in a temp folder: delivered
// leads, clicks and conversions past the retention are deleted in bounded batches, an undelivered one never.
import { describe, expect, it, vi } from 'vitest'
import { purgeExpired, startLeadRetention } from '../../server/retention'
import { DEFAULT_LEAD_RETENTION_DAYS, leadRetentionDays } from '../../server/settings'
import { DAY, addLead, click, conversion, lead, privacyDatabases } from './privacy-fixture'

const { open } = privacyDatabases()

describe('retention', () => {
  it('deletes delivered leads, clicks and conversions older than the retention, never an undelivered one, nor a recent one, and logs what it deleted', async () => {
    const now = Date.UTC(2026, 5, 1)
    const store = await open()
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      const oldDelivered = await addLead(store, lead('old@example.com'), now - 400 * DAY)
      await store.markDelivered('leads', oldDelivered, now - 400 * DAY + 5_000)
      const oldUndelivered = await addLead(store, lead('stuck@example.com'), now - 400 * DAY)
      await store.markFailed('leads', oldUndelivered, now + 60_000, 'HTTP 500')
      const recentDelivered = await addLead(store, lead('new@example.com'), now - 10 * DAY)
      await store.markDelivered('leads', recentDelivered, now - 10 * DAY + 5_000)
      const oldClick = await store.addClick({ ...click, ref_code: 'OLD' }, now - 400 * DAY)
      await store.markDelivered('clicks', oldClick, now - 400 * DAY + 5_000)
      const stuckClick = await store.addClick({ ...click, ref_code: 'STUCK' }, now - 400 * DAY)
      await store.markFailed('clicks', stuckClick, now + 60_000, 'HTTP 500')
      const recentClick = await store.addClick({ ...click, ref_code: 'NEW' }, now - 10 * DAY)
      await store.markDelivered('clicks', recentClick, now - 10 * DAY + 5_000)
      await store.addConversion(conversion('cs_old'), now - 400 * DAY)
      await store.addConversion(conversion('cs_new'), now - 10 * DAY)

      const retention = startLeadRetention(store, { days: 365, now: () => now })
      await retention.stop()
      expect(log.mock.calls).toEqual([['retention: deleted 1 delivered lead(s), 1 delivered click(s), 1 conversion(s) received more than 365 days ago']])
      expect((await store.rows('leads')).map((row) => Number(row.id))).toEqual([oldUndelivered, recentDelivered])
      expect((await store.rows('clicks')).map((row) => row.ref_code)).toEqual(['STUCK', 'NEW'])
      expect((await store.rows('conversions')).map((row) => row.session_id)).toEqual(['cs_new'])
      expect(await purgeExpired(store, now, 365)).toEqual({ leads: 0, clicks: 0, conversions: 0 })
      // A shorter retention reaches the recent ones; the undelivered lead and click stay whatever their age.
      expect(await purgeExpired(store, now, 7)).toEqual({ leads: 1, clicks: 1, conversions: 1 })
      expect((await store.rows('leads')).map((row) => Number(row.id))).toEqual([oldUndelivered])
      expect((await store.rows('clicks')).map((row) => row.ref_code)).toEqual(['STUCK'])
    } finally {
      log.mockRestore()
    }
  })

  it('works in bounded batches, table by table', async () => {
    const now = Date.UTC(2026, 5, 1)
    const store = await open()
    for (let index = 0; index < 7; index++) {
      await store.markDelivered('leads', await addLead(store, lead(`l${index}@example.com`), now - 400 * DAY), now - 399 * DAY)
      await store.markDelivered('clicks', await store.addClick(click, now - 400 * DAY), now - 399 * DAY)
      await store.addConversion(conversion(`cs_${index}`), now - 400 * DAY)
    }
    expect(await purgeExpired(store, now, 365, { batch: 2, maxBatches: 2 })).toEqual({ leads: 4, clicks: 4, conversions: 4 })
    expect(await purgeExpired(store, now, 365, { batch: 2 })).toEqual({ leads: 3, clicks: 3, conversions: 3 })
  })

  it('reads LEAD_RETENTION_DAYS, 365 by default, and refuses a value that is not a whole number of days', () => {
    expect(leadRetentionDays({})).toBe(DEFAULT_LEAD_RETENTION_DAYS)
    expect(DEFAULT_LEAD_RETENTION_DAYS).toBe(365)
    expect(leadRetentionDays({ LEAD_RETENTION_DAYS: '30' })).toBe(30)
    for (const bad of ['0', '-1', '1.5', 'forever']) expect(() => leadRetentionDays({ LEAD_RETENTION_DAYS: bad }), bad).toThrow(/LEAD_RETENTION_DAYS/)
  })
})
