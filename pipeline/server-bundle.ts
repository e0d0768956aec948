// The Node server compiled for plain `node`; its packages stay imports (some are native), so it runs inside the project.
import { cpSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build, type BuildOptions } from 'esbuild'
import { packageOf } from '../lib/node/code-graph.server'

const SERVER_ENTRIES = {
  index: 'server/index.ts',
  'database-worker': 'server/database-worker.ts',
  privacy: 'scripts/privacy.ts',
  outbox: 'scripts/outbox-status.ts',
} as const

export const NODE_MODULE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
} as const satisfies BuildOptions

export function compiledServerOf(distDir: string): string {
  return join(distDir, 'server', 'index.mjs')
}

/** Returns the packages the compiled files import, which must be dependencies. */
export async function compileServer(distDir: string): Promise<string[]> {
  const outdir = join(distDir, 'server')
  rmSync(outdir, { recursive: true, force: true })
  const { metafile } = await build({ entryPoints: SERVER_ENTRIES, outdir, outExtension: { '.js': '.mjs' }, ...NODE_MODULE, metafile: true })
  const migrations = join(distDir, 'migrations')
  rmSync(migrations, { recursive: true, force: true })
  cpSync('migrations', migrations, { recursive: true })
  const imported = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((entry) => entry.external).map((entry) => entry.path))
  // Node's built-ins have no package.
  return [...new Set(imported.flatMap((path) => packageOf(path) ?? []))].sort()
}
