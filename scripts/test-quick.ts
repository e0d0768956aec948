// `npm run test:quick`: the typecheck and lint side by side, then, if both pass, the unit tests that start
// no process (vitest's "quick" project); `npm test` runs everything.
import { spawn } from 'node:child_process'

/** Runs an npm script with its output held, so that the two do not interleave. */
function npmRun(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => {
      process.stdout.write(`${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${output}`)
      resolve(code ?? 1)
    })
  })
}

const codes = await Promise.all([npmRun('typecheck'), npmRun('lint')])
if (codes.some((code) => code !== 0)) process.exit(1)
const vitest = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'quick', ...process.argv.slice(2)], { stdio: 'inherit' })
vitest.on('close', (code) => process.exit(code ?? 1))
