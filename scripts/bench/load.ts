// What the load benchmarks share: their command line and the real server on a throwaway database, as
// behind one proxy (TRUST_PROXY=1: every connection comes from one address, which would otherwise be held
// to a tenth of HTTP_MAX_CONNECTIONS).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { clientDir, distDir } from '../../lib/node/paths.server'
import { compiledServerOf } from '../../pipeline/server-bundle'
import { freePort } from '../free-port'

/** The command line of the benchmark `name`; exits 2 on a bad value, 1 when there is no built site to serve. */
export function loadOptions(name: string, defaultConnections: string, args: string[] = process.argv.slice(2)) {
  const { values } = parseArgs({
    args,
    options: { connections: { type: 'string', default: defaultConnections }, seconds: { type: 'string', default: '10' }, 'cpu-prof': { type: 'string' } },
  })
  const connectionCounts = values.connections.split(',').map(Number)
  const seconds = Number(values.seconds)
  if (connectionCounts.some((n) => !Number.isInteger(n) || n < 1) || !(seconds > 0)) {
    console.error(`${name}: --connections takes whole numbers separated by commas, --seconds a positive number`)
    process.exit(2)
  }
  if (!existsSync(join(clientDir(), '404.html')) || !existsSync(compiledServerOf(distDir()))) {
    console.error(`${name}: ${distDir()} has no built site and server; run \`npm run build\` first`)
    process.exit(1)
  }
  // --cpu-prof DIR: where the server writes its main thread's V8 CPU profile when it exits.
  return { connectionCounts, seconds, cpuProfileDir: values['cpu-prof'] }
}

/**
 * Starts the server on a port nothing listens on (on a fixed one, a server left running there would be
 * measured instead); its `stop` waits for it to exit, so that its CPU profile is written.
 */
export async function startLoadServer(cpuProfileDir: string | undefined, env: Record<string, string> = {}) {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'))
  const databaseUrl = `file:${join(dir, 'bench.db')}`
  const server = spawn(process.execPath, [...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []), compiledServerOf(distDir())], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '1',
      SCORE_WEBHOOK_URL: '',
      AFFILIATE_WEBHOOK_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    const exited = server.exitCode === null ? new Promise((resolve) => server.once('exit', resolve)) : undefined
    server.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${origin}/`)).ok) return { origin, databaseUrl, stop }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await stop()
  throw new Error('the server did not start within 10 s')
}
