// The schema as numbered steps, the last applied kept in `PRAGMA user_version`. A released step is never edited: a change is a new file.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Client, Transaction } from '@libsql/client'

export type Migration = { version: number; description: string; statements: readonly string[] }

/** A file's first line (`-- …`) is its description; its statements end with `;` at the end of a line. */
function readMigrations(dir: string): Migration[] {
  const files = readdirSync(dir).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
  return files.sort().map((file) => {
    const [first = '', ...lines] = readFileSync(join(dir, file), 'utf8').split('\n')
    const sql = lines.filter((line) => !line.trimStart().startsWith('--')).join('\n')
    const statements = sql.split(/;[ \t]*(?:\n|$)/).flatMap((statement) => statement.trim() || [])
    return { version: Number(file.slice(0, 4)), description: first.replace(/^--\s*/, ''), statements }
  })
}

/** The files `wrangler d1 migrations apply` applies to D1 too, so both runtimes have one schema. */
export const MIGRATIONS: readonly Migration[] = readMigrations(fileURLToPath(new URL('../migrations/', import.meta.url)))

const schemaVersion = async (db: Client | Transaction) => Number((await db.execute('PRAGMA user_version')).rows[0]?.user_version ?? 0)

function newerThanCode(version: number, known: number): Error {
  return new Error(
    `The database is at schema version ${version}, but this code knows migrations up to ${known} only: a newer release of the server has upgraded it. ` +
      'Run that release or a later one, or restore a backup taken before the upgrade.',
  )
}

/** Returns the last version. Each step takes the write lock, then reads the version again, so of several processes opening it at once the second skips it. */
export async function migrate(db: Client, migrations: readonly Migration[] = MIGRATIONS): Promise<number> {
  for (const [index, { version: number, description }] of migrations.entries())
    if (number !== index + 1)
      throw new Error(`Migration "${description}" is number ${number} at position ${index + 1}: migrations are numbered 1, 2, 3 … in order.`)
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
