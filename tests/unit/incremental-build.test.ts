// An incremental build must write exactly what a fresh one writes. This builds a copy of the
// project (its own content, cache and output) with `npm run build`, changes one thing at a time,
// and after each change compares the incremental output with a `--fresh` build's, byte for byte.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { digest, filesUnder } from '../../scripts/build/cache'
import { topicMarkdown } from './content-fixture'

const PROJECT_PARTS = [
  'components',
  'content',
  'lib',
  'pages',
  'public',
  'renderer',
  'scripts',
  'server',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
]
let project: string

function build(...args: string[]): string {
  const cache = args.includes('--fresh') ? 'fresh-cache' : 'cache'
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...args], {
    cwd: project,
    env: { ...process.env, BUILD_QUIET: '1', BUILD_CACHE_DIR: join(project, cache), CONTENT_DIR: '', DIST_DIR: '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

function snapshot(): Map<string, string> {
  const dist = join(project, 'dist')
  return new Map(filesUnder(dist).map((file) => [file, digest(readFileSync(join(dist, file)))]))
}

/** Builds incrementally, then fresh; both outputs must be the same files with the same bytes. */
function expectIncrementalEqualsFresh(): { summary: string } {
  const summary = build()
  const incremental = snapshot()
  build('--fresh')
  const fresh = snapshot()
  expect([...incremental.keys()]).toEqual([...fresh.keys()])
  const differing = [...fresh].filter(([file, bytes]) => incremental.get(file) !== bytes).map(([file]) => file)
  expect(differing).toEqual([])
  return { summary }
}

const rendered = (summary: string) => Number(/build: ([\d,]+) rendered/.exec(summary)?.[1]?.replace(/,/g, ''))
const page = (file: string) => readFileSync(join(project, 'dist', 'client', file), 'utf8')

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'incremental-'))
  for (const part of PROJECT_PARTS) cpSync(part, join(project, part), { recursive: true })
  symlinkSync(resolve('node_modules'), join(project, 'node_modules'))
  build()
}, 60_000)

afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('an incremental build', () => {
  it('reuses every page when nothing changed', () => {
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(0)
  })

  it('after a topic edit: re-renders that page only, which shows the edit', () => {
    const file = join(project, 'content/topics/linkedin-proof-signals.md')
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nA sentence added by the incremental build test.\n`)
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(1)
    expect(page('topics/linkedin-proof-signals.html')).toContain('A sentence added by the incremental build test.')
  })

  it('after a topic is deleted: its page, card and sitemap entry are gone', () => {
    rmSync(join(project, 'content/topics/linkedin-audit-results.md'))
    expectIncrementalEqualsFresh()
    expect(existsSync(join(project, 'dist/client/topics/linkedin-audit-results.html'))).toBe(false)
    expect(page('topics.html')).not.toContain('/topics/linkedin-audit-results"')
    expect(page('sitemap.xml')).not.toContain('/topics/linkedin-audit-results<')
  })

  it('after a topic is renamed: it moves to its new URL everywhere', () => {
    renameSync(join(project, 'content/topics/linkedin-authority-check.md'), join(project, 'content/topics/linkedin-authority-checkup.md'))
    expectIncrementalEqualsFresh()
    expect(existsSync(join(project, 'dist/client/topics/linkedin-authority-check.html'))).toBe(false)
    expect(page('topics/linkedin-authority-checkup.html')).toContain(
      '<link rel="canonical" href="https://authoritylens.com/topics/linkedin-authority-checkup">',
    )
    expect(page('sitemap.xml')).toContain('/topics/linkedin-authority-checkup<')
  })

  it('after a component changes: re-renders every page with it', () => {
    const file = join(project, 'components/Footer.tsx')
    writeFileSync(file, readFileSync(file, 'utf8').replace('<footer className="site-footer">', '<footer className="site-footer" data-edited="yes">'))
    const { summary } = expectIncrementalEqualsFresh()
    expect(rendered(summary)).toBe(Number(/build: (\d+) pages:/.exec(summary)?.[1]))
    expect(page('index.html')).toContain('data-edited="yes"')
    expect(page('topics/linkedin-proof-signals.html')).toContain('data-edited="yes"')
  })
})

describe('a build with bad content', () => {
  /** Runs the build expecting it to fail; returns what it printed. */
  function failingBuild(): { stdout: string; stderr: string } {
    try {
      build()
    } catch (error) {
      const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string }
      expect(status).toBe(1)
      return { stdout, stderr }
    }
    throw new Error('the build succeeded')
  }

  it('fails naming every bad topic file and field, cached or not, and builds again once they are fixed', () => {
    const first = 'content/topics/aa-bad-topic.md'
    const second = 'content/topics/zz-bad-topic.md'
    writeFileSync(join(project, first), topicMarkdown({ faqs: 'faqs:\n  - q: One?\n    a: Yes.\n  - q: Two?\n    a: ""' }))
    writeFileSync(join(project, second), topicMarkdown({ h1: null }))
    const { stderr } = failingBuild()
    expect(stderr).toContain('Content has 2 problems')
    expect(stderr.indexOf(`${first}: faqs[1].a: expected a non-empty string`)).toBeGreaterThan(-1)
    expect(stderr.indexOf(`${second}: h1: required field is missing`)).toBeGreaterThan(stderr.indexOf(first))
    rmSync(join(project, first))
    rmSync(join(project, second))
    expect(build()).toMatch(/build: \d+ pages:/)
  })

  it('fails on a bad article before rendering, listing the bad topics too', () => {
    const post = 'content/blog/bad-post.md'
    const topic = 'content/topics/bad-topic.md'
    writeFileSync(join(project, post), '---\ntitle: B\ndate: 2025-01-01\n---\nBody.\n')
    writeFileSync(join(project, topic), topicMarkdown({ summary: 'summary: ""' }))
    const { stdout, stderr } = failingBuild()
    expect(stderr).toContain(`${post}: description: required field is missing`)
    expect(stderr).toContain(`${topic}: summary: expected a non-empty string`)
    expect(stdout).not.toContain('build: pages')
    rmSync(join(project, post))
    rmSync(join(project, topic))
  })
})
