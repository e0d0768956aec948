import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

// The real server process (server/index.ts) on loopback, for the tests that start it: a temp folder per
// test file holding a built client of its own (a 404 page, and whatever files the test names) and the
// test's databases. After the file's tests, every process it started is killed and the folder removed.

export interface ServerProcess {
  child: ChildProcess
  /** `http://127.0.0.1:<port>`. */
  url: string
  port: number
  /** Resolves with the exit code. */
  exited: Promise<number | null>
  /** What it has printed on stdout so far. */
  output(): string
}

export interface ServerSandbox {
  root: string
  /** A `file:` URL of a database in the folder. */
  database(name: string): string
  /**
   * Starts `node --import tsx <args>` (server/index.ts by default; a test may run code that imports it) on
   * 127.0.0.1 and a port the system picks, serving the folder's client; resolves once it says it listens,
   * rejects with what it printed on stderr if it exits first.
   */
  start(env?: Record<string, string>, args?: string[]): Promise<ServerProcess>
}

export function serverSandbox(prefix: string, clientFiles: Record<string, string> = {}): ServerSandbox {
  const root = mkdtempSync(join(tmpdir(), prefix))
  const client = join(root, 'dist', 'client')
  mkdirSync(client, { recursive: true })
  for (const [name, text] of Object.entries({ '404.html': '<!DOCTYPE html><title>Not found</title>', ...clientFiles })) writeFileSync(join(client, name), text)
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(root, { recursive: true, force: true })
  })

  async function start(env: Record<string, string> = {}, args = ['server/index.ts']): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DIST_DIR: join(root, 'dist'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    let errors = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      errors += chunk.toString()
      process.stderr.write(chunk)
    })
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const listening = /listening on (http:\/\/\S+)/.exec(output)?.[1]
        if (listening) resolve(listening)
      })
      // 'close', not 'exit': by then all it printed on stderr has been read.
      child.on('close', (code) => reject(new Error(`server exited with ${code}: ${errors}`)))
    })
    return { child, url, port: Number(new URL(url).port), exited, output: () => output }
  }

  return { root, database: (name) => `file:${join(root, `${name}.db`)}`, start }
}
