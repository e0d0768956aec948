// Wrangler as every script runs it: this package's own pinned copy, with its usage reports off. A module
// with no command of its own, so that the compiled operator commands (`npm run privacy`, `npm run outbox`) can run it.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { createRequire } from 'node:module'

/** The wrangler command line, run from this package's own copy (a pinned devDependency). */
export const wranglerBin = () => createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js')

/** Wrangler's usage reports would need the network; the preview must work without it. */
export const wranglerEnv = () => ({ ...process.env, WRANGLER_SEND_METRICS: 'false' })

/** Runs wrangler with `args` to its end. */
export const runWrangler = (args: string[], options: SpawnSyncOptions = {}) =>
  spawnSync(process.execPath, [wranglerBin(), ...args], { env: wranglerEnv(), ...options })
