import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { compileServer } from '../../pipeline/server-bundle'

// The compiled server (`npm run build` → dist/server/, run by `npm run serve`) on a production install:
// `npm ci --omit=dev` leaves out tsx, esbuild and every other devDependency, so the compiled files may
// import only the dependencies, and must carry the schema they open the database with.
const root = mkdtempSync(join(process.cwd(), '.tmp-server-bundle-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the compiled server', () => {
  it('imports only packages the project lists as dependencies, and has the migrations beside it', async () => {
    const dist = join(root, 'dist')
    const packages = await compileServer(dist)
    const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }
    expect(packages).toContain('hono')
    expect(packages.filter((name) => !(name in dependencies))).toEqual([])
    expect(readdirSync(join(dist, 'server')).sort()).toEqual([
      'database-worker.mjs',
      'database-worker.mjs.map',
      'index.mjs',
      'index.mjs.map',
      'outbox.mjs',
      'outbox.mjs.map',
      'privacy.mjs',
      'privacy.mjs.map',
    ])
    expect(readdirSync(join(dist, 'migrations'))).toEqual(readdirSync('migrations'))
  })

  it('runs the operator commands with plain node: `npm run outbox` reads a database, `npm run privacy` exports from it', () => {
    const env = { ...process.env, DATABASE_URL: `file:${join(root, 'leads.db')}` }
    const outbox = spawnSync(process.execPath, [join(root, 'dist', 'server', 'outbox.mjs')], { env, encoding: 'utf8' })
    expect(outbox.stderr).toBe('')
    expect(outbox.stdout).toContain('leads: 0 pending, 0 delivered')
    const exported = spawnSync(process.execPath, [join(root, 'dist', 'server', 'privacy.mjs'), 'export', 'ada@example.com'], { env, encoding: 'utf8' })
    expect(exported.status).toBe(0)
    expect(JSON.parse(exported.stdout)).toMatchObject({ email: 'ada@example.com', leads: [] })
  })
})
