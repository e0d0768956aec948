import type { Store } from './store'

// A person's requests under the privacy policy ("Your rights and choices"): see what is held about
// their e-mail address, or have it deleted. Run by `npm run privacy` (scripts/privacy.ts). The
// address is matched without regard to the case of its letters (`lower(email)`).

export const PRIVACY_USAGE = 'usage: npm run privacy -- export EMAIL | delete EMAIL'

/** Clicks and conversions are stored without an e-mail address, so no request can find them by one. */
export const NOT_LINKED =
  'Referral clicks and purchase conversions are stored without an e-mail address (a referral code, browser and campaign details only), so none can be found by one.'

export type PrivacyCommand = { command: 'export' | 'delete'; email: string }

/** `export EMAIL` or `delete EMAIL`; undefined for anything else (the caller prints PRIVACY_USAGE, exit 2). */
export function parsePrivacyArgs(args: readonly string[]): PrivacyCommand | undefined {
  const [command, email, ...rest] = args
  if ((command !== 'export' && command !== 'delete') || rest.length > 0) return undefined
  const address = email?.trim()
  if (!address || !/^[^\s@]+@[^\s@]+$/.test(address)) return undefined
  return { command, email: address }
}

export interface PersonalDataExport {
  email: string
  exported_at: string
  /** Each lead as stored, with its webhook delivery state. */
  leads: Array<{
    id: number
    first_name: unknown
    linkedin_url: unknown
    email: unknown
    submitted_at: unknown
    received_at: string
    outbox: { delivered_at: string | null; attempts: number; next_attempt_at: string | null; last_error: unknown }
  }>
  clicks_and_conversions: string
}

const isoTime = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)).toISOString())

/** Every record held about this address. */
export async function exportPersonalData(store: Store, email: string, now: number = Date.now()): Promise<PersonalDataExport> {
  const leads = (await store.leadsByEmail(email)).map((row) => ({
    id: Number(row.id),
    first_name: row.first_name,
    linkedin_url: row.linkedin_url,
    email: row.email,
    submitted_at: row.submitted_at,
    received_at: isoTime(row.received_at)!,
    outbox: {
      delivered_at: isoTime(row.delivered_at),
      attempts: Number(row.attempts ?? 0),
      next_attempt_at: row.delivered_at === null ? isoTime(row.next_attempt_at) : null,
      last_error: row.last_error ?? null,
    },
  }))
  return { email, exported_at: new Date(now).toISOString(), leads, clicks_and_conversions: NOT_LINKED }
}

/** Deletes every record held about this address; returns how many of each. */
export async function deletePersonalData(store: Store, email: string): Promise<{ leads: number }> {
  return { leads: await store.deleteLeadsByEmail(email) }
}

/** Runs one request, writing what it did to `out` (bad usage: PRIVACY_USAGE to `err`); returns the exit code, 2 for bad usage. */
export async function runPrivacyCommand(
  args: readonly string[],
  openStore: () => Promise<Store>,
  io: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  const parsed = parsePrivacyArgs(args)
  if (!parsed) {
    io.err(PRIVACY_USAGE)
    return 2
  }
  const store = await openStore()
  try {
    if (parsed.command === 'export') {
      io.out(JSON.stringify(await exportPersonalData(store, parsed.email), null, 2))
    } else {
      const { leads } = await deletePersonalData(store, parsed.email)
      io.out(`Deleted ${leads} lead(s) for ${parsed.email}, with their outbox state. ${NOT_LINKED}`)
    }
    return 0
  } finally {
    await store.close()
  }
}
