import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devServerOnContentCopy } from './dev-server'

// `npm run dev` as a writer starts it (no --host, no HOST): it is reached from this machine only, and it
// serves the pages and their modules, never the lead database, `.env` or the rest of the project.

/** Resolves whether a TCP connection to host:port is accepted (false when refused or not answered within 2 s). */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port })
    const finish = (accepted: boolean) => {
      socket.destroy()
      done(accepted)
    }
    socket.setTimeout(2_000, () => finish(false))
    socket.once('connect', () => finish(true))
    socket.once('error', () => finish(false))
  })
}

/** This machine's own addresses other than 127.0.0.1: another loopback one, and each interface's IPv4. */
function otherLocalAddresses(): string[] {
  const interfaces = Object.values(networkInterfaces()).flatMap((list) => list ?? [])
  return ['127.0.0.2', ...interfaces.filter((entry) => entry.family === 'IPv4' && !entry.internal).map((entry) => entry.address)]
}

// A database made for the test in the project's data folder, where the real one lives, under a name of
// its own (a real database is never touched). A `.env` at the project's root would restart every dev
// server of the project running meanwhile (Vite reloads its environment), so the test reads a real one
// only if there is one, and puts its own in components/, a folder the browser's modules are read from.
const MARKER = `lead-${process.pid}-${Date.now()}@example.com`
const dataDir = resolve('data')
const database = resolve(dataDir, `dev-exposure-${process.pid}.db`)
const madeDataDir = !existsSync(dataDir)
const rootEnv = resolve('.env')
const rootEnvText = existsSync(rootEnv) ? readFileSync(rootEnv, 'utf8').trim() : ''
const envFile = resolve('components/.env')
const madeEnvFile = !existsSync(envFile)

beforeAll(() => {
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(database, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.from(` ${MARKER} `)]))
  writeFileSync(`${database}-wal`, MARKER)
  if (madeEnvFile) writeFileSync(envFile, `SECRET_TOKEN=${MARKER}\n`)
})
afterAll(() => {
  rmSync(database, { force: true })
  rmSync(`${database}-wal`, { force: true })
  if (madeDataDir && readdirSync(dataDir).length === 0) rmdirSync(dataDir)
  if (madeEnvFile) rmSync(envFile, { force: true })
})
// Started once the files exist, stopped before they go.
const dev = devServerOnContentCopy('dev-exposure-', { ownHost: true })

async function get(path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${dev.origin}${path}`)
  return { status: response.status, body: await response.text() }
}

describe('npm run dev, as started', () => {
  it('listens on 127.0.0.1 only: no other address of the machine reaches it, and it prints no network URL', async () => {
    expect(await accepts('127.0.0.1', dev.port)).toBe(true)
    for (const address of otherLocalAddresses()) expect(await accepts(address, dev.port), address).toBe(false)
    expect(dev.output()).toContain(`Local:   http://127.0.0.1:${dev.port}/`)
    expect(dev.output()).not.toContain('Network:')
  })

  it('never serves the database, its write-ahead log or a .env file, by any spelling of their path', async () => {
    const name = database.slice(dataDir.length + 1)
    const paths = [
      `/data/${name}`,
      `/data/${name}?raw`,
      `/data/${name}?url`,
      `/data/${name}?import`,
      `/data/${name}-wal`,
      `/@fs${database}`,
      `/@fs${database}?raw`,
      '/.env',
      '/.env?raw',
      '/components/.env',
      '/components/.env?raw',
      `/@fs${envFile}`,
    ]
    for (const path of paths) {
      const { status, body } = await get(path)
      expect(status, path).not.toBe(200)
      expect(body, path).not.toContain(MARKER)
      if (rootEnvText) expect(body, path).not.toContain(rootEnvText)
    }
  })

  it('serves the pages, the modules they load, the public files and the feeds, and none of the project’s other files', async () => {
    // Once a page is rendered, the server side has imported its modules (which Vite would then serve too).
    const home = await dev.page('/')
    expect(home.status).toBe(200)
    for (const path of [
      '/package.json',
      '/README.md',
      '/vite.config.ts',
      '/server/store.ts',
      '/server/store.ts?raw',
      '/scripts/build.ts',
      '/pipeline/render-worker.ts',
      '/tests/unit/dev-server.ts',
      '/lib/node/site.server.ts',
      '/content/site.json',
      '/@fs/etc/passwd',
    ])
      expect((await get(path)).status, path).toBe(403)
    const modules = [...home.html.matchAll(/(?:src|import)=?\(?["'](\/(?:@vite|@id|renderer|pages|components|node_modules)[^"']*)["']/g)].map(
      (match) => match[1]!,
    )
    expect(modules).toContain('/@vite/client')
    for (const path of [...modules, '/renderer/+onRenderClient.tsx', '/components/Header.tsx', '/lib/universal/toasts.ts', '/favicon.svg', '/rss.xml'])
      expect((await get(path)).status, path).toBe(200)
  })
})
