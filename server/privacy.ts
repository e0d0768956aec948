// A person's requests under the privacy policy (`npm run privacy`): export or delete what is held about an e-mail address, however
// it is spelled. A deletion then truncates the write-ahead log, so with secure_delete nothing deleted is readable on disk.
import { existsSync } from 'node:fs'
import { emailMatchKey } from '../lib/universal/lead'
import { databaseFileOf, type Checkpoint } from './database'
import { LEAD_COLUMNS } from './records'
import { BUSY_TIMEOUT_MS, Store } from './store'

export const PRIVACY_USAGE = 'usage: npm run privacy -- export EMAIL | delete EMAIL'

export const NOT_LINKED =
  'Referral clicks and purchase conversions are stored without an e-mail address (a referral code, browser and campaign details only), so none can be found by one; they are deleted LEAD_RETENTION_DAYS after they were received (a click once delivered).'

export function parsePrivacyArgs(args: readonly string[]): { command: 'export' | 'delete'; email: string } | undefined {
  const [command, email, ...rest] = args
  if ((command !== 'export' && command !== 'delete') || rest.length > 0) return undefined
  const address = email?.trim()
  if (!address || !/^[^\s@]+@[^\s@]+$/.test(address)) return undefined
  return { command, email: address }
}

/** Opens the store only when there is a database at `url`: opening a missing file would create an empty one. */
export async function openExistingStore(url: string): Promise<Store> {
  const path = databaseFileOf(url)
  if (path !== undefined) {
    const problem = `There is no database at ${path} (DATABASE_URL=${url}): nothing was exported or deleted, and no file was created.`
    if (!existsSync(path)) throw new Error(`${problem} Set DATABASE_URL to the database the server uses.`)
  }
  return Store.open(url)
}

const isoTime = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)).toISOString())

export async function exportPersonalData(store: Store, email: string, now: number = Date.now()) {
  const rows = await store.leadsByEmail(email)
  const leads = rows.map((row) => ({
    id: Number(row.id),
    ...Object.fromEntries(LEAD_COLUMNS.map((column) => [column, row[column]])),
    received_at: isoTime(row.received_at)!,
    /** Kept for the rate limits' longest window (an hour), then null. */
    client_address: row.client_key ?? null,
    outbox: {
      delivered_at: isoTime(row.delivered_at),
      attempts: Number(row.attempts ?? 0),
      next_attempt_at: row.delivered_at === null ? isoTime(row.next_attempt_at) : null,
      last_error: row.last_error ?? null,
    },
  }))
  const clients = rows.map((row) => row.client_key).filter((client): client is string => typeof client === 'string')
  const rateLimits = (await store.requestCounts(clients)).map((row) => ({ key: row.key, window_start: isoTime(row.window_start)!, count: Number(row.count) }))
  return { email, exported_at: new Date(now).toISOString(), leads, rate_limits: rateLimits, clicks_and_conversions: NOT_LINKED }
}

export async function deletePersonalData(store: Store, email: string): Promise<{ leads: number; rateLimits: number; checkpoint: Checkpoint | undefined }> {
  const { leads, rateLimits } = await store.deleteLeadsByEmail(email)
  return { leads, rateLimits, checkpoint: await store.checkpoint() }
}

/** Returns the exit code: 2 for bad usage, 1 when there is no database or a deletion could not truncate the log. */
export async function runPrivacyCommand(
  args: readonly string[],
  openStore: () => Promise<Store>,
  io: Record<'out' | 'err', (line: string) => void>,
): Promise<number> {
  const parsed = parsePrivacyArgs(args)
  if (!parsed) {
    io.err(PRIVACY_USAGE)
    return 2
  }
  let store: Store
  try {
    store = await openStore()
  } catch (error) {
    io.err((error as Error).message)
    return 1
  }
  try {
    const { command, email } = parsed
    if (command === 'export') {
      io.out(JSON.stringify(await exportPersonalData(store, email), null, 2))
      return 0
    }
    const { leads, rateLimits, checkpoint } = await deletePersonalData(store, email)
    io.out(
      `Deleted ${leads} lead(s) for ${email} (matched as ${emailMatchKey(email)}), with their outbox state, ` +
        `and ${rateLimits} rate-limit count(s) of the address(es) that sent them in the last hour.`,
    )
    io.out(NOT_LINKED)
    if (checkpoint === undefined)
      io.out('The database is not a local file (a libSQL server, or Cloudflare D1): its storage, and when it overwrites deleted data, is its own.')
    else if (!checkpoint.busy)
      io.out('The write-ahead log was copied into the database file and truncated to zero bytes; deleted content is overwritten with zeros.')
    else {
      io.err(
        `The write-ahead log was NOT truncated: another process kept reading or writing the database for more than ${BUSY_TIMEOUT_MS / 1000} s, ` +
          'so the deleted records may still be readable in its -wal file. Run the same command again.',
      )
      return 1
    }
    return 0
  } finally {
    await store.close()
  }
}
