import type { Lead } from '../../lib/universal/lead'
import type { StoredLead } from '../../server/records'

/** A lead as the form sends it; a new lead field gets its sample value here. */
export const sampleLead: Lead = { first_name: 'Ada', linkedin_url: 'https://www.linkedin.com/in/ada', email: 'ada@example.com' }

/** A lead as the store takes it, with the fields given. */
export const storedLead = (fields: Partial<StoredLead> = {}): StoredLead => ({ ...sampleLead, submitted_at: '2026-01-01T00:00:00.000Z', ...fields })
