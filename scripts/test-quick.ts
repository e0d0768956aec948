// `npm run test:quick`: the typecheck and lint side by side, then, if both pass, the unit tests that start
// no process (vitest's "quick" project); `npm test` runs everything.
import { spawn } from 'node:child_process'
import { npmRunHeld } from './npm-scripts'

const codes = await Promise.all([npmRunHeld('typecheck'), npmRunHeld('lint')])
if (codes.some((code) => code !== 0)) process.exit(1)
const vitest = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'quick', ...process.argv.slice(2)], { stdio: 'inherit' })
vitest.on('close', (code) => process.exit(code ?? 1))
