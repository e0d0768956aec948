// Wrangler as every script runs it: this package's own pinned copy, with its usage reports off (they would
// need the network; the preview must work without it). A module with no command of its own, so that the
// compiled operator commands (`npm run privacy`, `npm run outbox`) can run it.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { createRequire } from 'node:module'

export const wranglerBin = () => createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js')

export const wranglerEnv = () => ({ ...process.env, WRANGLER_SEND_METRICS: 'false' })

export const runWrangler = (args: string[], options: SpawnSyncOptions = {}) =>
  spawnSync(process.execPath, [wranglerBin(), ...args], { env: wranglerEnv(), ...options })
