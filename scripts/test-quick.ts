// `npm run test:quick`: the typecheck, lint and the unit tests that start no process, side by side.
import { npmRunHeld, run } from './npm-scripts'

const vitest = run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'quick', '--project', 'quick-isolated', ...process.argv.slice(2)])
const codes = await Promise.all([npmRunHeld('typecheck'), npmRunHeld('lint'), vitest])
process.exit(codes.some((code) => code !== 0) ? 1 : 0)
