import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// The repository's commit-msg hook (.githooks/, wired by the prepare script's core.hooksPath): a commit
// whose subject is over 72 characters, or runs straight into its body, is refused with the reason.
const HOOKS = resolve('.githooks')
const dir = mkdtempSync(join(tmpdir(), 'commit-msg-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function runHook(message: string) {
  const file = join(dir, 'COMMIT_EDITMSG')
  writeFileSync(file, message)
  return spawnSync('sh', [join(HOOKS, 'commit-msg'), file], { encoding: 'utf8' })
}

const LONG_SUBJECT = 'Docs: move the deploying, operations and performance notes out of the README'

describe('the commit-msg hook', () => {
  it('accepts a subject of 72 characters, accents and dashes counted once, then a blank line and a long body', () => {
    const subject = 'é—'.repeat(36)
    const run = runHook(`${subject}\n\n${'A body line may be as long as it needs to be. '.repeat(4)}\n`)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
  })

  it("ignores Git's comment lines and the diff below the scissors line of `git commit -v`", () => {
    const run = runHook(
      `\nShort subject\n# Please enter the commit message\n\nBody.\n# ------------------------ >8 ------------------------\n${LONG_SUBJECT}\n`,
    )
    expect(run.status).toBe(0)
  })

  it('refuses a subject over 72 characters, saying how long it is', () => {
    const run = runHook(`${LONG_SUBJECT}\n\nBody.\n`)
    expect(run.status).toBe(1)
    expect(run.stderr).toBe(`commit-msg: the subject is ${[...LONG_SUBJECT].length} characters, over 72; shorten it and put the detail in the body\n`)
  })

  it('refuses a body that starts on the line after the subject', () => {
    const run = runHook('Short subject\nThe body, with no blank line before it.\n')
    expect(run.status).toBe(1)
    expect(run.stderr).toBe('commit-msg: the subject must be followed by a blank line before the body\n')
  })

  it('stops `git commit` in a repository whose core.hooksPath is .githooks', () => {
    const repo = join(dir, 'repo')
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', `core.hooksPath=${HOOKS}`, ...args], { cwd: repo, encoding: 'utf8' })
    expect(spawnSync('git', ['init', '-q', repo]).status).toBe(0)
    expect(git('commit', '-q', '--allow-empty', '-m', LONG_SUBJECT).status).toBe(1)
    expect(git('commit', '-q', '--allow-empty', '-m', 'Short subject').status).toBe(0)
    expect(git('log', '--format=%s').stdout).toBe('Short subject\n')
  })
})
