// The incremental-build tests' copy of the project (its own content, cache and output) and its builds:
// incremental, from nothing, and expected to fail. A test changes one thing at a time, then compares the
// incremental output with a build's from nothing, byte for byte (expectIncrementalEqualsFresh).
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { digest, filesUnder } from '../../pipeline/cache'
import { writeTestContent } from './content-fixture'

// The project's code; its content is the test content (tests/fixtures/content), written in as content/.
const PROJECT_PARTS = [
  'components',
  'lib',
  'migrations',
  'pages',
  'pipeline',
  'public',
  'renderer',
  'scripts',
  'server',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
]
/** The copy of the project the builds run in; set before the tests of a file that calls copyProjectAndBuild. */
export let project: string
/** The day the builds publish for (BUILD_DATE); unset, today. */
let buildDate: string | undefined

/** Sets the day the builds publish for (BUILD_DATE); undefined, today. */
export function setBuildDate(day: string | undefined): void {
  buildDate = day
}

export function build(...args: string[]): string {
  return execFileSync(process.execPath, ['scripts/run-build.mjs', ...args], {
    cwd: project,
    env: { ...process.env, BUILD_QUIET: '1', BUILD_CACHE_DIR: join(project, 'cache'), CONTENT_DIR: '', DIST_DIR: '', BUILD_DATE: buildDate ?? '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** The group of tests (describe) the reference build's kept bundle and images were made in. */
let keptFrom: string | undefined

/**
 * The build to compare with: one from nothing, in a cache of its own emptied first, so no page, card,
 * image or topic fact comes from the incremental builds. Within one group of tests (a describe) it keeps
 * two things of its own from one comparison to the next: its `vike build` output and its encoded images,
 * each cached under the digest of what it is made from (the code; an image's bytes), so a changed
 * component or image is still built or encoded again. That spares each comparison ten seconds. The first
 * comparison of each group makes both from nothing, as `--fresh` does, on content the earlier tests have
 * changed since the incremental build last ran Vite: that proves the content never reaches the bundle.
 */
function buildFromNothing(): void {
  const cache = join(project, 'fresh-cache')
  const group = expect.getState().currentTestName?.split(' > ')[0]
  const keep = group === keptFrom ? ['bundles', 'images'] : []
  for (const part of existsSync(cache) ? readdirSync(cache) : []) if (!keep.includes(part)) rmSync(join(cache, part), { recursive: true, force: true })
  keptFrom = group
  execFileSync(process.execPath, ['scripts/run-build.mjs'], {
    cwd: project,
    env: { ...process.env, BUILD_QUIET: '1', BUILD_CACHE_DIR: cache, CONTENT_DIR: '', DIST_DIR: '', BUILD_DATE: buildDate ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

function snapshot(): Map<string, string> {
  const dist = join(project, 'dist')
  return new Map(filesUnder(dist).map((file) => [file, digest(readFileSync(join(dist, file)))]))
}

/** Builds incrementally, then from nothing; both outputs must be the same files with the same bytes. */
export function expectIncrementalEqualsFresh(): { summary: string } {
  const summary = build()
  const incremental = snapshot()
  buildFromNothing()
  const fresh = snapshot()
  expect([...incremental.keys()]).toEqual([...fresh.keys()])
  const differing = [...fresh].filter(([file, bytes]) => incremental.get(file) !== bytes).map(([file]) => file)
  expect(differing).toEqual([])
  return { summary }
}

export const rendered = (summary: string) => Number(/build: ([\d,]+) rendered/.exec(summary)?.[1]?.replace(/,/g, ''))
export const page = (file: string) => readFileSync(join(project, 'dist', 'client', file), 'utf8')
/** The file of a page's social card (its og:image), relative to the client folder. */
export const cardOf = (html: string) => /<meta property="og:image" content="https?:\/\/[^/]+\/(assets\/cards\/[0-9a-f]{32}\.png)">/.exec(html)![1]!

/** Runs the build expecting it to fail; returns what it printed. */
export function failingBuild(): { stdout: string; stderr: string } {
  try {
    build()
  } catch (error) {
    const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string }
    expect(status).toBe(1)
    return { stdout, stderr }
  }
  throw new Error('the build succeeded')
}

/** Before the file's tests, copies the project (the test content as its content/) and builds it; after them, removes the copy. */
export function copyProjectAndBuild(): void {
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'incremental-'))
    for (const part of PROJECT_PARTS) cpSync(part, join(project, part), { recursive: true })
    writeTestContent(join(project, 'content'))
    symlinkSync(resolve('node_modules'), join(project, 'node_modules'))
    build()
  })

  afterAll(() => rmSync(project, { recursive: true, force: true }))
}
