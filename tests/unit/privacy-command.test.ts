// `npm run privacy` as the operator runs it (scripts/privacy.ts, a child process): its output and exit
// codes, a database file it must not create, and, end to end, a lead the real server process stored that
// a deletion leaves readable in none of the database's files.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PRIVACY_USAGE } from '../../server/privacy'
import { Store } from '../../server/store'
import { freePort } from '../../scripts/free-port'
import { privacyDatabases } from './privacy-fixture'
import { serverSandbox } from './server-process'

const { root, newDatabase, seeded } = privacyDatabases()

/** `npm run privacy -- …` against `database` (a `file:` URL), as the operator runs it. */
const runPrivacy = (database: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/privacy.ts', ...args], { env: { ...process.env, DATABASE_URL: database }, encoding: 'utf8' })

/** Which of the database's files (the file, its -wal and -shm) hold any of `texts`, as raw bytes. */
function filesHolding(database: string, texts: readonly string[]): string[] {
  const path = database.slice('file:'.length)
  const found: string[] = []
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (!existsSync(file)) continue
    const bytes = readFileSync(file)
    for (const text of texts) if (bytes.includes(Buffer.from(text, 'utf8'))) found.push(`${file.slice(path.length) || 'db'}: ${text}`)
  }
  return found
}

describe('privacy requests', () => {
  it('`npm run privacy` exports as JSON, and exits 2 with the usage line on bad usage', async () => {
    const database = newDatabase()
    await (await seeded(database)).store.close()
    const run = (...args: string[]) => runPrivacy(database, ...args)

    const exported = run('export', 'ADA@example.com')
    expect(exported.status).toBe(0)
    expect((JSON.parse(exported.stdout) as { leads: unknown[] }).leads).toHaveLength(2)

    for (const args of [[], ['export'], ['purge', 'ada@example.com']]) {
      const bad = run(...args)
      expect(bad.status, args.join(' ')).toBe(2)
      expect(bad.stderr).toContain(PRIVACY_USAGE)
    }
  })

  it('refuses to run on a local database file that does not exist, and creates nothing', () => {
    const folder = join(root, 'typo')
    for (const database of [`file:${join(folder, 'site.db')}`, `file:${join(root, 'no-such.db')}`]) {
      for (const command of ['export', 'delete']) {
        const result = runPrivacy(database, command, 'ada@example.com')
        expect(result.status, `${command} ${database}`).toBe(1)
        expect(result.stderr).toContain(`There is no database at ${database.slice('file:'.length)}`)
        expect(result.stdout).toBe('')
      }
    }
    expect(existsSync(folder)).toBe(false)
    expect(existsSync(join(root, 'no-such.db'))).toBe(false)
  })
})

describe('nothing readable on disk after a deletion', () => {
  const sandbox = serverSandbox('privacy-')
  const PROFILE = 'https://www.linkedin.com/in/zq-privacy-probe-7731'
  const EMAIL = 'Zq.Privacy.Probe+7731@Example.com'
  const OTHER = { first_name: 'Grace', linkedin_url: 'https://www.linkedin.com/in/grace-hopper', email: 'grace@example.com' }

  async function post(url: string, path: string, from: string, body: unknown): Promise<number> {
    const response = await fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    })
    await response.arrayBuffer()
    return response.status
  }

  it('a lead stored by the running server, then deleted by `npm run privacy`, is in none of the database files, nor its sender', async () => {
    const database = sandbox.database('site')
    // A webhook nobody answers: the outbox's failed attempts rewrite the lead's row, as the server does to
    // every lead it sends, so its pages hold more than one copy of the lead over time.
    const server = await sandbox.start({ DATABASE_URL: database, TRUST_PROXY: '1', SCORE_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/score` })
    try {
      expect(await post(server.url, '/score', '10.77.0.1', { first_name: 'Zq', linkedin_url: PROFILE, email: EMAIL })).toBe(202)
      expect(await post(server.url, '/affiliate-click', '10.77.0.1', { ref_code: 'ZQ7731' })).toBe(202)
      expect(await post(server.url, '/score', '10.88.0.2', OTHER)).toBe(202)
      const store = await Store.open(database)
      await expect
        .poll(async () => (await store.leadsByEmail(EMAIL)).map((row) => [row.client_key, row.last_error !== null]), { timeout: 10_000 })
        .toEqual([['10.77.0.1', true]])
      await store.close()
      // Before: the lead is on disk (in the log, the file or both).
      expect(filesHolding(database, [PROFILE, EMAIL.toLowerCase()]).length).toBeGreaterThan(0)

      // Asked in another spelling, while the server keeps running.
      const deleted = runPrivacy(database, 'delete', 'zq.privacy.probe+7731@EXAMPLE.COM')
      expect(deleted.stderr).toBe('')
      expect(deleted.status).toBe(0)
      expect(deleted.stdout).toMatch(/^Deleted 1 lead\(s\) for zq\.privacy\.probe\+7731@EXAMPLE\.COM .* and 2 rate-limit count\(s\)/)
      expect(deleted.stdout).toContain('truncated to zero bytes')

      expect(filesHolding(database, [PROFILE, 'zq-privacy-probe-7731', EMAIL, EMAIL.toLowerCase(), 'Zq.Privacy.Probe', '10.77.0.1'])).toEqual([])
      // The other client's lead and counts are still there.
      const after = await Store.open(database)
      try {
        expect((await after.rows('leads')).map((row) => row.email)).toEqual([OTHER.email])
        expect((await after.rows('rate_limits')).map((row) => row.key)).toEqual(['/score 10.88.0.2'])
      } finally {
        await after.close()
      }
      expect(filesHolding(database, [OTHER.linkedin_url])).not.toEqual([])
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
    expect(filesHolding(database, [PROFILE, EMAIL.toLowerCase(), '10.77.0.1'])).toEqual([])
  })
})
