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
    expect(readdirSync(join(dist, 'server')).sort()).toEqual(['database-worker.mjs', 'database-worker.mjs.map', 'index.mjs', 'index.mjs.map'])
    expect(readdirSync(join(dist, 'migrations'))).toEqual(readdirSync('migrations'))
  })
})
