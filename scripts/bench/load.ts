// What the load benchmarks share: their command line and the real server on a throwaway database.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { clientDir, distDir } from '../../lib/node/paths.server'
import { compiledServerOf } from '../../pipeline/server-bundle'
import { freePort } from '../free-port'

/** With the benchmark's own options (`extra`) in `values`; exits 2 on a bad value, 1 when there is no built site to serve. */
export function loadOptions(name: string, defaultConnections: string, extra: ParseArgsConfig['options'] = {}) {
  let values: Record<string, string | boolean | undefined>
  try {
    const options = {
      connections: { type: 'string', default: defaultConnections },
      seconds: { type: 'string', default: '10' },
      'cpu-prof': { type: 'string' },
    } as const
    values = parseArgs({ options: { ...options, ...extra } }).values as typeof values
  } catch (error) {
    console.error(`${name}: ${(error as Error).message}`)
    process.exit(2)
  }
  const connectionCounts = String(values.connections).split(',').map(Number)
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
  return { connectionCounts, seconds, cpuProfileDir: values['cpu-prof'] as string | undefined, values }
}

/** On a free port (a server left running on a fixed one would be measured instead); `stop` waits for its CPU profile. */
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
      // As behind one proxy: one address would be held to a tenth of HTTP_MAX_CONNECTIONS.
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
