import type { StoredLead } from '../../server/records'

/** A lead as the store takes it, with the fields given; a new lead field gets its sample value here. */
export const storedLead = (fields: Partial<StoredLead> = {}): StoredLead => ({
  first_name: 'Ada',
  linkedin_url: 'https://www.linkedin.com/in/ada',
  email: 'ada@example.com',
  submitted_at: '2026-01-01T00:00:00.000Z',
  ...fields,
})
