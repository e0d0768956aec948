// `npm run bench:build -- --topics 1000[,10000]`: builds a temporary content folder with N synthetic
// topics (plus the real articles and fixed pages) and prints, per run: pages built, seconds,
// pages per second and the build's peak memory (RSS summed over the whole process tree).
// It fails if a run builds the wrong number of topic pages (the content root was not used), peaks
// above 2 GiB, or if the largest run takes more than 12× per 10× topics (growth must stay linear).
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { parseArgs } from 'node:util'
import { generateTopics } from './generate-topics'

const { values } = parseArgs({
  options: { topics: { type: 'string', default: '1000' }, keep: { type: 'boolean', default: false } },
})
const counts = values.topics.split(',').map(Number)
if (counts.some((count) => !Number.isInteger(count) || count < 1)) {
  console.error(`--topics takes positive whole numbers separated by commas, got "${values.topics}"`)
  process.exit(2)
}

/** Resident memory of `rootPid` and all its descendants, in bytes, and how many processes they are (Linux /proc). */
function treeRss(rootPid: number): { bytes: number; processes: number } {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {
      // The process ended while we looked.
    }
  }
  let bytes = 0
  let processes = 0
  const queue = [rootPid]
  while (queue.length > 0) {
    const pid = queue.pop()!
    try {
      const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
      bytes += Number(kib ?? 0) * 1024
      processes++
    } catch {
      // Ended.
    }
    queue.push(...(children.get(pid) ?? []))
  }
  return { bytes, processes }
}

async function benchOnce(topicCount: number) {
  const root = mkdtempSync(join(tmpdir(), `bench-${topicCount}-`))
  const content = join(root, 'content')
  cpSync('content', content, { recursive: true, filter: (source) => !source.includes(join('content', 'topics', '')) })
  generateTopics(content, topicCount)
  // Vike needs its output inside the project folder (an absolute outDir elsewhere breaks its manifest step).
  const dist = join('.bench', basename(root))
  const env = { ...process.env, CONTENT_DIR: content, DIST_DIR: dist, BUILD_QUIET: '1' }
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  // The build runs `vike build` as a child process: while it lives, the tree is in the prerender phase.
  let peak = 0
  let prerenderPeak = 0
  const sampler = setInterval(() => {
    const { bytes, processes } = treeRss(child.pid!)
    peak = Math.max(peak, bytes)
    if (processes > 1) prerenderPeak = Math.max(prerenderPeak, bytes)
  }, 100)
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve))
  clearInterval(sampler)
  const seconds = (performance.now() - started) / 1000
  if (!values.keep) for (const dir of [root, dist]) rmSync(dir, { recursive: true, force: true })
  if (exitCode !== 0) throw new Error(`build of ${topicCount} topics failed (exit ${exitCode}):\n${output}`)
  const pages = Number(/build: (\d+) pages:/.exec(output)?.[1])
  const topicPages = Number(/\/topics\/\* (\d+)/.exec(output)?.[1])
  if (topicPages !== topicCount) throw new Error(`expected ${topicCount} topic pages from ${content}, the build made ${topicPages}:\n${output}`)
  const summary = output.split('\n').filter((line) => line.startsWith('build:')).slice(-3).join('\n  ')
  console.log(`bench: topics=${topicCount} pages=${pages} seconds=${seconds.toFixed(1)} pages/s=${(pages / seconds).toFixed(1)} peakRSS=${(peak / 1024 / 1024).toFixed(0)} MiB (during vike build ${(prerenderPeak / 1024 / 1024).toFixed(0)} MiB)`)
  console.log(`  ${summary}`)
  return { topicCount, pages, seconds, peak }
}

const MAX_RSS = 2 * 1024 ** 3
const results = []
for (const count of counts) results.push(await benchOnce(count))
const failures = results.filter((result) => result.peak > MAX_RSS).map((result) => `${result.topicCount} topics peaked at ${(result.peak / 1024 ** 2).toFixed(0)} MiB > 2048 MiB`)
const smallest = results[0]!
for (const result of results.slice(1)) {
  const ratio = result.seconds / smallest.seconds
  const allowed = 1.2 * (result.topicCount / smallest.topicCount)
  console.log(`bench: ${result.topicCount} vs ${smallest.topicCount} topics: ${ratio.toFixed(1)}× the time (at most ${allowed.toFixed(1)}×)`)
  if (ratio > allowed) failures.push(`${result.topicCount} topics took ${ratio.toFixed(1)}× the time of ${smallest.topicCount}, over ${allowed.toFixed(1)}×`)
}
if (failures.length > 0) {
  console.error(`bench: ${failures.join('; ')}`)
  process.exit(1)
}
