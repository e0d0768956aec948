// The build's output folder from one build to the next: which files of the last output a build carries
// over, which it links anew or deletes, and the listing of the client folder it gives the host rule files.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../../pipeline/cache'
import { Output } from '../../pipeline/output'
import { tempDir } from './content-fixture'

function write(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
  return path
}

/** One build's output: the cache files it links (by name, into the same folders of the client) and the files it writes. */
async function buildOutput(dist: string, cache: string, links: Record<string, string>, written: Record<string, string> = {}, carry = true) {
  const output = new Output(dist, cache, carry)
  const client = join(dist, 'client')
  mkdirSync(client, { recursive: true })
  output.bringBack()
  for (const [file, source] of Object.entries(links)) {
    mkdirSync(dirname(join(client, file)), { recursive: true })
    output.place(join(cache, source), join(client, file))
  }
  for (const [file, text] of Object.entries(written)) write(join(client, file), text)
  output.finish()
  const files = output.clientFiles()
  await output.removed
  return { output, files }
}

const contents = (dist: string) => new Map(filesUnder(join(dist, 'client')).map((file) => [file, readFileSync(join(dist, 'client', file), 'utf8')]))

describe('the build output', () => {
  it('is refused outside the project, naming DIST_DIR, before anything is written', () => {
    const dist = join(tempDir('outside-'), 'dist')
    const env = { ...process.env, DIST_DIR: dist, BUILD_CACHE_DIR: join(dirname(dist), 'cache') }
    const build = spawnSync(process.execPath, ['scripts/run-build.mjs'], { env, encoding: 'utf8', timeout: 60_000 })
    expect(build.status).toBe(1)
    expect(build.stderr).toContain(`build: DIST_DIR (${dist}) is outside the project`)
    expect(existsSync(dist)).toBe(false)
  })

  it("carries over the last build's linked files: keeps the unchanged, links the changed anew and deletes the rest", async () => {
    const root = tempDir('output-')
    const dist = join(root, 'dist')
    const cache = join(root, 'cache')
    for (const name of ['a1', 'a2', 'b1', 'c1', 'card1', 'card2', 'index1']) write(join(cache, 'pages', `${name}.html`), `page ${name}`)
    const first = {
      'topics/a.html': 'pages/a1.html',
      'topics/b.html': 'pages/b1.html',
      'topics/c.html': 'pages/c1.html',
      'assets/cards/1.png': 'pages/card1.html',
      'pagefind/index/x.pf_index': 'pages/index1.html',
      'blog.html': 'pages/index1.html',
    }
    const built = await buildOutput(dist, cache, first, { 'index.html': 'home', 'assets/app.js': 'js' })
    expect(built.output.carried).toBe(false)
    const topicsFolder = statSync(join(dist, 'client/topics')).ino

    const { 'topics/c.html': _deleted, ...rest } = first
    const second = await buildOutput(
      dist,
      cache,
      { ...rest, 'topics/a.html': 'pages/a2.html', 'assets/cards/2.png': 'pages/card2.html' },
      { 'index.html': 'home' },
    )
    expect(second.output.carried).toBe(true)
    // b.html, 1.png and the index file kept; a.html linked anew; c.html deleted; 2.png new.
    expect(second.output.counts).toEqual({ kept: 3, replaced: 1, removed: 1 })
    expect(statSync(join(dist, 'client/topics')).ino).toBe(topicsFolder)
    expect(contents(dist)).toEqual(
      new Map([
        ['assets/cards/1.png', 'page card1'],
        ['assets/cards/2.png', 'page card2'],
        ['blog.html', 'page index1'],
        ['index.html', 'home'],
        ['pagefind/index/x.pf_index', 'page index1'],
        ['topics/a.html', 'page a2'],
        ['topics/b.html', 'page b1'],
      ]),
    )
    // The last output's other files (assets/app.js) are not carried: the build writes them again when it has them.
    expect(second.files).toEqual(filesUnder(join(dist, 'client')))
  })

  it('carries nothing of an output another cache built, nor with --fresh', async () => {
    const root = tempDir('output-')
    const dist = join(root, 'dist')
    const [mine, other] = [join(root, 'cache'), join(root, 'other-cache')]
    for (const cache of [mine, other]) write(join(cache, 'pages', 'a.html'), `a of ${cache}`)
    await buildOutput(dist, mine, { 'topics/a.html': 'pages/a.html' })
    // A build from nothing into the same folder, with its own cache: this cache's record no longer names the output.
    await buildOutput(dist, other, { 'topics/a.html': 'pages/a.html' })
    const after = await buildOutput(dist, mine, { 'topics/a.html': 'pages/a.html' })
    expect(after.output.carried).toBe(false)
    expect(readFileSync(join(dist, 'client/topics/a.html'), 'utf8')).toBe(`a of ${mine}`)
    const fresh = await buildOutput(dist, mine, { 'topics/a.html': 'pages/a.html' }, {}, false)
    expect(fresh.output.carried).toBe(false)
    expect(existsSync(join(dist, 'client/topics/a.html'))).toBe(true)
  })
})
