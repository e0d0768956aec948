import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { writeTestContent } from './content-fixture'
import { freePort } from '../../scripts/free-port'

/** `npm run dev` on a content copy of its own, as a test file sees it. */
export interface DevServer {
  /** The content copy the server reads (CONTENT_DIR). */
  readonly dir: string
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string
  readonly port: number
  /** What it has printed so far, on stdout and stderr, as a terminal shows it (its URLs among them). */
  output(): string
  /** GET `path` as a browser asks for a page (`accept: text/html`). */
  page(path: string): Promise<{ status: number; html: string }>
  /** Rewrites a file of the copy, then waits for the dev server to see the change (it answers `path` with `status`). */
  edit(relativePath: string, change: (text: string) => string, path: string, status: number): Promise<void>
}

/** The terminal's colour and weight codes, left out of what the server printed. */
const ANSI_STYLE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/**
 * For a test file: `npm run dev` (vike dev) on a copy of the test content (content-fixture.ts), started on a free port before
 * its tests and stopped after them, so a test can break a file, look, fix it and look again without
 * restarting anything. The copy lasts the whole file (the fixture's contentCopy lasts one test).
 * It listens on 127.0.0.1; with `ownHost`, on what `npm run dev` picks itself (no `--host`, no HOST).
 */
export function devServerOnContentCopy(prefix: string, { ownHost = false }: { ownHost?: boolean } = {}): DevServer {
  let dir = ''
  let origin = ''
  let port = 0
  let printed = ''
  let dev: ChildProcess | undefined

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix))
    writeTestContent(dir)
    port = await freePort()
    origin = `http://127.0.0.1:${port}`
    const env: NodeJS.ProcessEnv = { ...process.env, CONTENT_DIR: dir }
    if (ownHost) delete env.HOST
    const host = ownHost ? [] : ['--host', '127.0.0.1']
    const child = spawn(process.execPath, ['node_modules/vike/bin.js', 'dev', '--port', String(port), ...host], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    dev = child
    await new Promise<void>((resolve, reject) => {
      const print = (chunk: Buffer) => {
        printed += chunk.toString().replace(ANSI_STYLE, '')
        // The URLs are printed after "ready in".
        if (/Local:.*\n/.test(printed)) resolve()
      }
      child.stdout!.on('data', print)
      child.stderr!.on('data', print)
      child.on('exit', (code) => reject(new Error(`vike dev exited with ${code}`)))
    })
  }, 60_000)
  afterAll(() => {
    dev?.kill()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const page = async (path: string) => {
    const response = await fetch(`${origin}${path}`, { headers: { accept: 'text/html' } })
    return { status: response.status, html: await response.text() }
  }
  return {
    get dir() {
      return dir
    },
    get origin() {
      return origin
    },
    get port() {
      return port
    },
    output: () => printed,
    page,
    async edit(relativePath, change, path, status) {
      const file = join(dir, relativePath)
      writeFileSync(file, change(readFileSync(file, 'utf8')))
      await expect.poll(async () => (await page(path)).status, { timeout: 10_000, interval: 250 }).toBe(status)
    },
  }
}
