// `npm run preview:cloudflare` for tests and bench:api, its state in a folder the caller owns (a restart finds its records).
import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createClient } from '@libsql/client'
import { wranglerBin } from './wrangler'
import { freePort } from './free-port'

/** Why the preview cannot run here (wrangler not installed), or undefined. Tests skip on it, and say so. */
export const previewMissing = existsSync(wranglerBin()) ? undefined : `wrangler is not installed (${wranglerBin()}): run npm install`

export type Preview = Awaited<ReturnType<typeof startPreview>>

export async function startPreview(options: { clientDir: string; state: string; env?: Record<string, string>; port?: number }) {
  const port = options.port ?? (await freePort())
  // A devtools port of its own too: two previews at once (two test files) would both take wrangler's default.
  const inspectorPort = await freePort()
  const args = ['preview', '--persist-to', options.state, '--inspector-port', String(inspectorPort)]
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cloudflare.ts', ...args], {
    env: { ...process.env, ...options.env, PORT: String(port), DIST_DIR: dirname(options.clientDir) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that wrangler and workerd end with it.
    detached: true,
  })
  let output = ''
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const origin = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
    await exited
  }
  const started = Date.now()
  while (!/Ready on/.test(output)) {
    if (child.exitCode !== null) throw new Error(`npm run preview:cloudflare exited with ${child.exitCode}:\n${output}`)
    if (Date.now() - started > 90_000) {
      await stop()
      throw new Error(`npm run preview:cloudflare did not start within 90 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    origin,
    /** Its process group's id: wrangler and workerd run in it. */
    pid: child.pid!,
    output: () => output,
    /** Fires one of the Worker's Cron Triggers now (the outbox's, unless told), as Cloudflare would. */
    async cron(schedule = '* * * * *') {
      const response = await fetch(`${origin}/__scheduled?cron=${encodeURIComponent(schedule)}`)
      // Read whole, so the connection is free for the next request.
      const text = await response.text()
      if (!response.ok) throw new Error(`the Cron Trigger answered ${response.status}: ${text}`)
    },
    stop,
  }
}

/** From the SQLite file: `wrangler d1 execute --local` would start a workerd of its own on the open files, failing requests. */
export async function queryPreviewD1<Row>(state: string, sql: string): Promise<Row[]> {
  const folder = join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject')
  const [file] = readdirSync(folder).filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite')
  if (!file) throw new Error(`no D1 database in ${folder}`)
  const client = createClient({ url: `file:${join(folder, file)}` })
  try {
    return (await client.execute(sql)).rows.map((row) => ({ ...row }) as Row)
  } finally {
    client.close()
  }
}
