// Wrangler as every script runs it: the pinned copy, its usage reports off (the preview must work offline). No
// command of its own, so that the compiled `npm run privacy` and `npm run outbox` can import it.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { createRequire } from 'node:module'

export const wranglerBin = () => createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js')

export const wranglerEnv = () => ({ ...process.env, WRANGLER_SEND_METRICS: 'false' })

export const runWrangler = (args: string[], options: SpawnSyncOptions = {}) =>
  spawnSync(process.execPath, [wranglerBin(), ...args], { env: wranglerEnv(), ...options })
