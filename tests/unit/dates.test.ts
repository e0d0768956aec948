import { expect, it } from 'vitest'
import { formatDate } from '../../lib/universal/dates'

it('writes a date as an American reader reads it, the same as the browser would in en-US', () => {
  expect(formatDate('2025-09-12')).toBe('September 12, 2025')
  expect(formatDate('2026-01-01')).toBe('January 1, 2026')
  for (const date of ['2024-02-29', '2025-12-31', '2026-07-04', '2030-10-09']) {
    const browser = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    expect(formatDate(date)).toBe(browser)
  }
})
