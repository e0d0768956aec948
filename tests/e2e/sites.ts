import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { distDir } from '../../lib/node/paths.server'
import { compiledServerOf } from '../../pipeline/server-bundle'

// The sites the browser tests run against, each built once by tests/e2e/global-setup.ts into a folder
// of its own under .tmp-e2e/ (never dist/, which stays whatever `npm run build` last made it), and the
// real server process that serves one.

/** Where the browser tests' builds go (ignored by git, lint and prettier, like every `.tmp-*`). */
export const E2E_ROOT = '.tmp-e2e'
/** The suite's own site, built from content/ for http://127.0.0.1:4173 (DIST_DIR while the tests run). */
export const E2E_DIST = join(E2E_ROOT, 'site')

/** Runs `<script>` with node (a TypeScript one through tsx) to its end; returns what it printed; throws with its stderr when it fails. */
export function runScript(script: string, env: NodeJS.ProcessEnv, { quiet = false } = {}): string {
  try {
    return execFileSync(process.execPath, [...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`${script} failed:\n${stdout}${stderr}`, { cause: error })
  }
}

/**
 * The build's, check:site's and the server's environment for a site of the tests' own under `root`: its content,
 * build and cache there (a cache of its own: its pages and cards would evict the suite's site's, and theirs these).
 */
export const siteEnvUnder = (root: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  CONTENT_DIR: join(root, 'content'),
  DIST_DIR: join(root, 'dist'),
  BUILD_CACHE_DIR: join(root, 'cache'),
  ...extra,
})

/** Where check:site's report on the site under `root` is kept, for its spec. */
export const checkSiteReportOf = (root: string) => join(root, 'check-site.txt')

/** Builds the site under `root` and runs check:site on it; the build cache is kept, so a second run rebuilds little. */
export function buildAndCheckSite(root: string, env: NodeJS.ProcessEnv): void {
  runScript('scripts/run-build.mjs', env, { quiet: true })
  writeFileSync(checkSiteReportOf(root), runScript('scripts/check-site.ts', env, { quiet: true }))
}

export interface RunningServer {
  child: ChildProcess
  /** `http://127.0.0.1:<port>`. */
  origin: string
  /** Ends the process and waits for it to exit. */
  stop(): Promise<void>
}

/**
 * Starts the real server with `env` (PORT, HOST, DIST_DIR …) as `npm run serve` does: the one the build
 * compiled into DIST_DIR (`<dist>/server/index.mjs`), run by plain node; resolves once it listens.
 */
export async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--enable-source-maps', compiledServerOf(distDir(env))], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
    process.stderr.write(chunk)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const listening = /listening on (http:\/\/\S+)/.exec(output)?.[1]
      if (listening) resolve(listening)
    })
    void exited.then(() => reject(new Error(`the server exited before it listened: ${errors}`)))
  })
  // Its log is not the tests' business once it listens; read it so the pipe never fills.
  child.stdout!.resume()
  return {
    child,
    origin,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      // It drains the requests under way first; a connection a browser left open does not hold the run.
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(killer)
    },
  }
}
