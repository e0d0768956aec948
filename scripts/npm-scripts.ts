// Runs npm scripts for `npm test` and `npm run test:quick`: side by side with their output held, or phase by phase.
import { spawn } from 'node:child_process'
import { appendFileSync } from 'node:fs'

/** Its output held, printed when it ends; resolves with its exit code. */
export function npmRunHeld(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => {
      process.stdout.write(`${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${output}`)
      resolve(code ?? 1)
    })
  })
}

export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => spawn(command, args, { stdio: 'inherit', env }).on('close', (code) => resolve(code ?? 1)))
}

type Phase = { name: string; run(): Promise<number> }

/** Stops at the first that fails; prints each with its seconds, and appends it to PHASES_FILE when set (`.ci/run`). */
export async function runPhases(phases: readonly Phase[]): Promise<number> {
  const rows: string[] = []
  let code = 0
  for (const phase of phases) {
    const started = performance.now()
    console.log(`\n== ${phase.name}`)
    code = await phase.run()
    const seconds = Math.round((performance.now() - started) / 1000)
    const status = code === 0 ? 'ok' : `failed (exit ${code})`
    rows.push(`${phase.name.padEnd(24)} ${String(seconds).padStart(5)} s  ${status}`)
    if (process.env.PHASES_FILE) appendFileSync(process.env.PHASES_FILE, `${phase.name}\t${seconds}\t${status}\n`)
    if (code !== 0) break
  }
  console.log(`\n${rows.join('\n')}`)
  return code
}
