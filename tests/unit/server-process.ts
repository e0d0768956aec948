import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { compileServer } from '../../pipeline/server-bundle'

// The real server process (server/index.ts) on loopback, for the tests that start it: a temp folder per
// test file holding a built client of its own (a 404 page, and whatever files the test names) and the
// test's databases. After the file's tests, every process it started is killed and the folder removed.
// The server runs from source through tsx, or, as in production, compiled and started by `npm run serve`.

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
   * Starts `node --import tsx <args>` (server/index.ts by default; a test may run code that imports it),
   * or `npm run serve` in a sandbox made with `{ npmRunServe: true }` (`args` unused), on 127.0.0.1 and a
   * port the system picks, serving the folder's client; resolves once it says it listens, rejects with
   * what it printed on stderr if it exits first.
   */
  start(env?: Record<string, string>, args?: string[]): Promise<ServerProcess>
}

export interface SandboxOptions {
  /**
   * Serve as production does: the server compiled into the folder's dist/ by the build's own step
   * (pipeline/server-bundle.ts), run by `npm run serve` with plain node; the child is npm's process.
   * The folder is then inside the project (`.tmp-<prefix>…`), as DIST_DIR must be: the compiled server
   * imports its packages from node_modules.
   */
  npmRunServe?: boolean
}

export function serverSandbox(prefix: string, clientFiles: Record<string, string> = {}, { npmRunServe = false }: SandboxOptions = {}): ServerSandbox {
  const root = npmRunServe ? mkdtempSync(join(process.cwd(), `.tmp-${prefix}`)) : mkdtempSync(join(tmpdir(), prefix))
  const client = join(root, 'dist', 'client')
  mkdirSync(client, { recursive: true })
  for (const [name, text] of Object.entries({ '404.html': '<!DOCTYPE html><title>Not found</title>', ...clientFiles })) writeFileSync(join(client, name), text)
  const children: ChildProcess[] = []
  let compiled: Promise<unknown> | undefined
  afterAll(() => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      // npm's process group: the server it started, should a test have killed npm alone.
      if (npmRunServe) killGroup(child)
    }
    rmSync(root, { recursive: true, force: true })
  })

  async function start(env: Record<string, string> = {}, args = ['server/index.ts']): Promise<ServerProcess> {
    if (npmRunServe) await (compiled ??= compileServer(join(root, 'dist')))
    const [command, commandArgs] = npmRunServe ? ['npm', ['run', 'serve']] : [process.execPath, ['--import', 'tsx', ...args]]
    const child = spawn(command, commandArgs, {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DIST_DIR: join(root, 'dist'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, which afterAll can end whole.
      detached: npmRunServe,
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

/** Kills every process left in `child`'s process group (it leads one when spawned detached). */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL')
  } catch {
    // None left.
  }
}

/** True while any process of `child`'s process group (spawned detached) is alive. */
export function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0)
    return true
  } catch {
    return false
  }
}
