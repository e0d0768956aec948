import type { Client, Transaction } from '@libsql/client'

// The database schema as numbered steps. A database keeps the number of the last step applied in
// `PRAGMA user_version` (0 for a new file, and for one made before there were migrations); opening it
// applies the steps above that number, each in its own transaction, so a step is applied whole or not
// at all. A released step is never edited: a change to the schema is a new step at the end.

export interface Migration {
  /** 1, 2, 3 …: its position in the list. */
  version: number
  /** What the step does, named in the error when it fails. */
  description: string
  statements: readonly string[]
}

/**
 * The schema from before there were migrations, byte for byte. IF NOT EXISTS lets migration 1 adopt a
 * database that code made (its tables present, user_version 0): the tables are kept and marked version 1.
 */
const BEFORE_MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS leads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    first_name TEXT NOT NULL, linkedin_url TEXT NOT NULL, email TEXT NOT NULL, submitted_at TEXT NOT NULL,
    received_at INTEGER NOT NULL, delivered_at INTEGER, attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL, last_error TEXT)`,
  `CREATE TABLE IF NOT EXISTS clicks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ref_code TEXT NOT NULL, user_agent TEXT, referer TEXT, utm_source TEXT, utm_medium TEXT, utm_campaign TEXT, ga_client_id TEXT,
    received_at INTEGER NOT NULL, delivered_at INTEGER, attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL, last_error TEXT)`,
  `CREATE TABLE IF NOT EXISTS conversions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT UNIQUE, ref_code TEXT, ga_client_id TEXT, utm_source TEXT, utm_medium TEXT, utm_campaign TEXT,
    received_at INTEGER NOT NULL)`,
  'CREATE INDEX IF NOT EXISTS leads_due ON leads (delivered_at, next_attempt_at)',
  'CREATE INDEX IF NOT EXISTS clicks_due ON clicks (delivered_at, next_attempt_at)',
]

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, description: 'leads, clicks and conversions', statements: BEFORE_MIGRATIONS },
  {
    version: 2,
    description: 'leads: dedupe_key (one lead per e-mail and profile in 24 hours)',
    // Leads stored before this step have no key (NULL) and are never matched.
    statements: ['ALTER TABLE leads ADD COLUMN dedupe_key TEXT', 'CREATE INDEX leads_dedupe ON leads (dedupe_key, received_at)'],
  },
  {
    version: 3,
    description: 'rate_limits: request counts per client and window, shared by every server process',
    statements: [
      'CREATE TABLE rate_limits (key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, count INTEGER NOT NULL) WITHOUT ROWID',
      'CREATE INDEX rate_limits_age ON rate_limits (window_start)',
    ],
  },
  {
    version: 4,
    description: 'leads: email_key and client_key (privacy requests); clicks and conversions by age (retention)',
    // SQL cannot compute a key (NFKC): the store fills the keys of leads stored before this step (Store.open).
    // client_key is set only for the rate limits' longest window, so the index holds the last hour's leads.
    statements: [
      'ALTER TABLE leads ADD COLUMN email_key TEXT',
      'CREATE INDEX leads_email_key ON leads (email_key)',
      'ALTER TABLE leads ADD COLUMN client_key TEXT',
      'CREATE INDEX leads_client_age ON leads (received_at) WHERE client_key IS NOT NULL',
      'CREATE INDEX clicks_delivered_age ON clicks (received_at) WHERE delivered_at IS NOT NULL',
      'CREATE INDEX conversions_age ON conversions (received_at)',
    ],
  },
]

async function schemaVersion(db: Client | Transaction): Promise<number> {
  return Number((await db.execute('PRAGMA user_version')).rows[0]?.user_version ?? 0)
}

function newerThanCode(version: number, known: number): Error {
  return new Error(
    `The database is at schema version ${version}, but this code knows migrations up to ${known} only: a newer release of the server has upgraded it. ` +
      'Run that release or a later one, or restore a backup taken before the upgrade.',
  )
}

/**
 * Brings the database up to the last migration; returns that version. Safe when several processes
 * open the same database at once: each step starts with BEGIN IMMEDIATE, which takes the write lock
 * (waiting up to the connection's busy_timeout), then reads the version again, so whichever process
 * comes second finds the step done and skips it.
 */
export async function migrate(db: Client, migrations: readonly Migration[] = MIGRATIONS): Promise<number> {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1)
      throw new Error(
        `Migration "${migration.description}" is number ${migration.version} at position ${index + 1}: migrations are numbered 1, 2, 3 … in order.`,
      )
  })
  const known = migrations.length
  const version = await schemaVersion(db)
  if (version > known) throw newerThanCode(version, known)

  for (const migration of migrations.slice(version)) {
    const tx = await db.transaction('write')
    try {
      const current = await schemaVersion(tx)
      if (current > known) throw newerThanCode(current, known)
      if (current < migration.version) {
        try {
          for (const statement of migration.statements) await tx.execute(statement)
          await tx.execute(`PRAGMA user_version = ${migration.version}`)
        } catch (error) {
          throw new Error(`Migration ${migration.version} (${migration.description}) failed and was rolled back: ${(error as Error).message}`, { cause: error })
        }
      }
      await tx.commit()
    } finally {
      // Rolls back when the step failed; nothing to do after a commit.
      tx.close()
    }
  }
  return known
}
