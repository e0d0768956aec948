import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'

const made: string[] = []

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A copy of the real content/ folder in a temp dir, for tests that break one file. */
export function contentCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  made.push(dir)
  cpSync('content', dir, { recursive: true })
  return dir
}

export function writeFile(dir: string, relativePath: string, text: string): string {
  const file = join(dir, relativePath)
  writeFileSync(file, text)
  return file
}

/** A valid topic file; `overrides` replaces whole frontmatter lines by key (null removes the line). */
export function topicMarkdown(overrides: Record<string, string | null> = {}, body = 'Supporting copy for this topic.\n'): string {
  const fields: Record<string, string> = {
    title: 'title: Test topic',
    summary: 'summary: A test topic summary.',
    h1: 'h1: A test topic heading',
    shortAnswer: 'shortAnswer: A short answer.',
    metaTitle: 'metaTitle: Test topic meta title',
    metaDescription: 'metaDescription: Test topic meta description.',
    faqs: 'faqs:\n  - q: First question?\n    a: First answer.\n  - q: Second question?\n    a: Second answer.',
  }
  for (const [key, line] of Object.entries(overrides)) {
    if (line === null) delete fields[key]
    else fields[key] = line
  }
  return `---\n${Object.values(fields).join('\n')}\n---\n${body}`
}
