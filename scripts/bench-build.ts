// `npm run bench:build -- --topics 1000,10000,50000 [--incremental] [--no-cards] [--keep]`: for each N, a cold
// build of the real content with N generated topics; with --incremental, then builds with nothing changed, a
// topic's text edited, another's summary edited, and a `--fresh` one whose output must equal the incremental one.
// Fails past 1 GiB for a build's process tree, on a difference, or when a topic index page passes 60 KiB gzipped.
import { execFileSync, spawn } from 'node:child_process'
import { appendFileSync, copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { gunzipSync, gzipSync } from 'node:zlib'
import { escapeRegExp } from '../lib/checks/checked-page'
import { topicSlugFiles } from '../lib/node/content-files.server'
import { loadSite } from '../lib/node/site.server'
import { digest, filesUnder } from '../pipeline/cache'

const { values } = parseArgs({
  options: {
    topics: { type: 'string', default: '1000' },
    incremental: { type: 'boolean', default: false },
    'no-cards': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
})
const counts = values.topics.split(',').map(Number)
if (counts.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(`--topics takes positive whole numbers separated by commas, got "${values.topics}"`)
  process.exit(2)
}
const MAX_RSS = 1024 ** 3
const MiB = 1024 ** 2
/** At any number of topics, a page of the topic index lists one page of them. */
const MAX_LISTING_GZIP = 60 * 1024

/** The real content with `topicCount` generated topics in place of its own, but for the real topics the rest links to; returns those. */
function benchContent(source: string, target: string, topicCount: number): string[] {
  const topics = join(source, 'topics')
  cpSync(source, target, { recursive: true, filter: (file) => relative(topics, file).startsWith('..') })
  // The generator empties its folder first.
  execFileSync(process.execPath, [join(import.meta.dirname, 'bench', 'gen-topics.mjs'), String(topicCount), join(target, 'topics')], { stdio: 'ignore' })
  const kept = linkedTopics(source)
  for (const name of kept) copyFileSync(join(topics, name), join(target, 'topics', name))
  return kept
}

/** The topic files another file links to, or a topic so kept; one named in a code sample costs a page, never a failed build. */
function linkedTopics(source: string): string[] {
  const topics = topicSlugFiles(source, loadSite(source)).map(({ slug, file }) => {
    const name = basename(file)
    // `../topics/{product}-vs-ssi.md`, `/topics/authoritylens-vs-ssi`, or from another topic `./{product}-vs-ssi.md`.
    const paths = [...new Set([name.replace(/\.md$/, ''), slug])].map(escapeRegExp).join('|')
    return { name, file, pattern: new RegExp(`topics/(?:${paths})(?![\\w-])|(?<![\\w-])${escapeRegExp(name)}`) }
  })
  // The markdown and JSON files but the READMEs, whose links are examples.
  const others = filesUnder(source)
    .filter((file) => /\.(?:md|json)$/.test(file) && basename(file) !== 'README.md')
    .map((file) => join(source, file))
    .filter((file) => !topics.some((topic) => topic.file === file))
  let texts = others.map((file) => readFileSync(file, 'utf8'))
  const kept = new Set<string>()
  while (texts.length > 0) {
    const found = topics.filter(({ name, pattern }) => !kept.has(name) && texts.some((text) => pattern.test(text)))
    for (const { name } of found) kept.add(name)
    texts = found.map(({ file }) => readFileSync(file, 'utf8'))
  }
  return [...kept].sort()
}

/** The largest page of the topic index (/topics, /topics/page/N), and its gzipped bytes. */
function largestTopicIndexPage(client: string): { file: string; gzip: number } {
  const paged = existsSync(join(client, 'topics', 'page')) ? readdirSync(join(client, 'topics', 'page')).map((name) => `topics/page/${name}`) : []
  const sizes = ['topics.html', ...paged].map((file) => ({ file, gzip: gzipSync(readFileSync(join(client, file)), { level: 9 }).length }))
  return sizes.reduce((largest, page) => (page.gzip > largest.gzip ? page : largest))
}

function outputSize(client: string): { files: number; bytes: number } {
  const files = filesUnder(client)
  return { files: files.length, bytes: files.reduce((sum, file) => sum + statSync(join(client, file)).size, 0) }
}

function searchFigures(output: string): string {
  const line = /build: search +[\d,]+ pages indexed: ([\d,]+) files, ([\d.]+) MB(?:, built by Pagefind in ([\d.]+) s)?/.exec(output)
  if (!line) return '?'
  return `${line[1]} files, ${line[2]} MB, ${line[3] ? `${line[3]} s` : 'cached'}`
}

function searchIndexHolds(client: string, word: string): boolean {
  const folder = join(client, 'pagefind', 'fragment')
  // The `.br` copies beside some fragments hold the same words.
  return readdirSync(folder)
    .filter((name) => name.endsWith('.pf_fragment'))
    .some((name) => gunzipSync(readFileSync(join(folder, name))).includes(word))
}

/** Resident memory of `rootPid` and its descendants (Linux /proc). */
function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {
      // It ended while we looked.
    }
  }
  const rss = (pid: number): number => {
    let bytes = 0
    try {
      bytes = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
    } catch {
      // Ended.
    }
    return (children.get(pid) ?? []).reduce((sum, child) => sum + rss(child), bytes)
  }
  return rss(rootPid)
}

/** One `npm run build` (as scripts/run-build.mjs), timed, with the peak memory of its process tree. */
async function build(env: NodeJS.ProcessEnv, args: string[] = []) {
  const started = performance.now()
  const child = spawn(process.execPath, ['scripts/run-build.mjs', ...args, ...(values['no-cards'] ? ['--no-cards'] : [])], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk))
  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(child.pid!))), 50)
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  clearInterval(sampler)
  if (code !== 0) throw new Error(`build failed (exit ${code}):\n${output}`)
  return { seconds: (performance.now() - started) / 1000, peak, output }
}

const snapshot = (dir: string) => new Map(filesUnder(dir).map((file) => [file, digest(readFileSync(join(dir, file)))]))

function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const files = [...new Set([...a.keys(), ...b.keys()])].sort()
  return files
    .filter((file) => a.get(file) !== b.get(file))
    .map((file) => (!a.has(file) ? `only fresh: ${file}` : !b.has(file) ? `only incremental: ${file}` : `differs: ${file}`))
}

async function bench(topicCount: number) {
  const root = mkdtempSync(join(tmpdir(), `bench-${topicCount}-`))
  const content = join(root, 'content')
  const kept = benchContent('content', content, topicCount)
  if (kept.length > 0) console.log(`bench: ${topicCount} topics: also the ${kept.length} real topics the content links to (${kept.join(', ')})`)
  // Vike needs its output inside the project folder (an absolute outDir elsewhere breaks its manifest step).
  const dist = join('.bench', basename(root))
  const env = { CONTENT_DIR: content, DIST_DIR: dist, BUILD_CACHE_DIR: join(root, 'cache') }
  try {
    const cold = await build(env)
    const pages = Number(/build: (\d+) pages:/.exec(cold.output)?.[1])
    const topicPages = Number(/\/topics\/\* (\d+)/.exec(cold.output)?.[1])
    if (topicPages !== topicCount + kept.length)
      throw new Error(`expected ${topicCount + kept.length} topic pages from ${content}, the build made ${topicPages}:\n${cold.output}`)
    const row = { topicCount, pages, cold, listing: largestTopicIndexPage(join(dist, 'client')), output: outputSize(join(dist, 'client')) }
    if (!values.incremental) return { ...row, unchanged: undefined, edited: undefined, summaryEdited: undefined, identical: undefined }
    const unchanged = await build(env)
    const generated = readdirSync(join(content, 'topics')).filter((name) => !kept.includes(name))
    const editedTopic = generated.sort()[Math.floor(topicCount / 2)]!
    const marker = `Edited for the benchmark at ${Date.now()}.`
    appendFileSync(join(content, 'topics', editedTopic), `\n${marker}\n`)
    const edited = await build(env)
    if (!readFileSync(join(dist, 'client', 'topics', editedTopic.replace(/\.md$/, '.html')), 'utf8').includes(marker))
      throw new Error(`the edited topic ${editedTopic} does not show its edit after the incremental build`)
    // Then another topic's summary, which the search index holds: the index is built again and must hold it.
    const retitled = generated[Math.floor(topicCount / 3)]!
    const word = `benchmarked${Date.now().toString(36)}`
    const file = join(content, 'topics', retitled)
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^summary: "/m, `summary: "${word} `))
    const summaryEdited = await build(env)
    if (!searchIndexHolds(join(dist, 'client'), word)) throw new Error(`the search index does not hold the edited summary of ${retitled}`)
    const incremental = snapshot(dist)
    await build({ ...env, BUILD_CACHE_DIR: join(root, 'fresh-cache') }, ['--fresh'])
    const diff = differences(snapshot(dist), incremental)
    if (diff.length > 0) console.error(`bench: ${topicCount} topics: the incremental build differs from a fresh one:\n  ${diff.slice(0, 20).join('\n  ')}`)
    return { ...row, unchanged, edited, summaryEdited, identical: diff.length === 0 }
  } finally {
    if (!values.keep) for (const dir of [root, dist]) rmSync(dir, { recursive: true, force: true })
  }
}

const rows = []
for (const count of counts) {
  const row = await bench(count)
  rows.push(row)
  console.log(`bench: ${count} topics done: cold ${row.cold.seconds.toFixed(1)} s${row.edited ? `, one edit ${row.edited.seconds.toFixed(1)} s` : ''}`)
}

const mib = (bytes: number) => `${Math.round(bytes / MiB)} MiB`
console.log(
  '\n| topics | pages | cards | cold s | pages/s | peak RSS (tree) | no-change s | one-edit s | summary edit s | incremental = fresh | largest topic index page, gzip | output | search index (cold) |',
)
console.log('| ---: | ---: | :---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: | ---: | ---: | ---: |')
for (const row of rows) {
  const peak = Math.max(row.cold.peak, row.unchanged?.peak ?? 0, row.edited?.peak ?? 0, row.summaryEdited?.peak ?? 0)
  const cells = [
    row.topicCount,
    row.pages,
    values['no-cards'] ? 'no' : (/build: cards +([\d,]+) pictures/.exec(row.cold.output)?.[1] ?? '?'),
    row.cold.seconds.toFixed(1),
    Math.round(row.pages / row.cold.seconds),
    mib(peak),
    row.unchanged?.seconds.toFixed(1) ?? '–',
    row.edited?.seconds.toFixed(1) ?? '–',
    row.summaryEdited?.seconds.toFixed(1) ?? '–',
    row.identical === undefined ? '–' : row.identical ? 'yes' : 'NO',
    `${(row.listing.gzip / 1024).toFixed(1)} KiB (/${row.listing.file.replace(/\.html$/, '')})`,
    `${row.output.files.toLocaleString('en-US')} files, ${mib(row.output.bytes)}`,
    searchFigures(row.cold.output),
  ]
  console.log(`| ${cells.join(' | ')} |`)
}

const failures = rows.flatMap((row) => [
  ...[row.cold, row.unchanged, row.edited, row.summaryEdited]
    .filter((run) => run && run.peak > MAX_RSS)
    .map((run) => `${row.topicCount} topics: a build peaked at ${mib(run!.peak)} > 1024 MiB`),
  ...(row.identical === false ? [`${row.topicCount} topics: the incremental build is not byte-identical to a fresh one`] : []),
  ...(row.listing.gzip > MAX_LISTING_GZIP ? [`${row.topicCount} topics: ${row.listing.file} is ${row.listing.gzip} bytes gzipped > ${MAX_LISTING_GZIP}`] : []),
])
if (failures.length > 0) {
  console.error(`bench: ${failures.join('; ')}`)
  process.exit(1)
}
