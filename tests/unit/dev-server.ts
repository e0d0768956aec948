import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { freePort } from './free-port'

/** `npm run dev` on a content copy of its own, as a test file sees it. */
export interface DevServer {
  /** The content copy the server reads (CONTENT_DIR). */
  readonly dir: string
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string
  /** GET `path` as a browser asks for a page (`accept: text/html`). */
  page(path: string): Promise<{ status: number; html: string }>
  /** Rewrites a file of the copy, then waits for the dev server to see the change (it answers `path` with `status`). */
  edit(relativePath: string, change: (text: string) => string, path: string, status: number): Promise<void>
}

/**
 * For a test file: `npm run dev` (vike dev) on a copy of the real content, started on a free port before
 * its tests and stopped after them, so a test can break a file, look, fix it and look again without
 * restarting anything. The copy lasts the whole file (the fixture's contentCopy lasts one test).
 */
export function devServerOnContentCopy(prefix: string): DevServer {
  let dir = ''
  let origin = ''
  let dev: ChildProcess | undefined

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix))
    cpSync('content', dir, { recursive: true })
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    const child = spawn(process.execPath, ['node_modules/vike/bin.js', 'dev', '--port', String(port), '--host', '127.0.0.1', '--strictPort'], {
      env: { ...process.env, CONTENT_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    dev = child
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready in')) resolve()
      })
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
    page,
    async edit(relativePath, change, path, status) {
      const file = join(dir, relativePath)
      writeFileSync(file, change(readFileSync(file, 'utf8')))
      await expect.poll(async () => (await page(path)).status, { timeout: 10_000, interval: 250 }).toBe(status)
    },
  }
}
