// `npx tsx scripts/bench/cards.ts [COUNT] [CONTENT_DIR]`: draws COUNT topic cards (default 500) through
// the build's card stage; prints the wall seconds, the cards' mean size, and the CPU seconds of each thread
// of this process, V8's helper threads included (they collect the garbage too). `CARD_THREADS=2` draws on
// two threads. Subtract a run of 100 cards to leave out the threads' start.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { CardSpec } from '../../lib/universal/seo/social'
import { CardStage } from '../../pipeline/cards'

const count = Number(process.argv[2] ?? 500)
const contentDir = process.argv[3] ?? 'content'
const threads = Number(process.env.CARD_THREADS ?? 1)
const topics = readdirSync(join(contentDir, 'topics')).filter((name) => name.endsWith('.md'))
const titles = topics.map((name) => /^title: "?(.*?)"?$/m.exec(readFileSync(join(contentDir, 'topics', name), 'utf8'))?.[1] ?? name)
const specs: CardSpec[] = Array.from({ length: count }, (_, index) => ({
  kind: 'card',
  title: titles[index % titles.length]!,
  label: 'Topic',
  productName: 'AuthorityLens',
  host: 'authoritylens.com',
}))

/** Each thread's name and CPU seconds so far, by thread id; a thread that has exited keeps its last reading. */
const seen = new Map<string, { name: string; user: number; system: number }>()
const TICKS = 100
function readThreads(): void {
  for (const task of readdirSync('/proc/self/task')) {
    let stat: string
    try {
      stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8')
    } catch {
      continue // it exited
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const name = task === String(process.pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    seen.set(task, { name, user: Number(fields[11]) / TICKS, system: Number(fields[12]) / TICKS })
  }
}

mkdirSync('.bench', { recursive: true })
const dir = mkdtempSync(join('.bench', 'cards-'))
readThreads()
const before = new Map(seen)
const started = performance.now()
const sampling = setInterval(readThreads, 100)
const stage = new CardStage(join(dir, 'cache'), join(dir, 'client'), true, threads)
// Keyed as the build keys them, but each run draws every card afresh.
const salt = String(Math.random())
stage.need(specs.map((spec) => ({ key: createHash('sha256').update(salt).update(JSON.stringify(spec)).digest('hex').slice(0, 32), spec })))
// The threads stop once the last card is drawn: read them as it is, then let them go.
while (stage.drawn < stage.count) {
  await new Promise((resolve) => setTimeout(resolve, 20))
  readThreads()
}
const wall = (performance.now() - started) / 1000
clearInterval(sampling)
await stage.finish()
const files = readdirSync(join(dir, 'cache'))
const bytes = files.reduce((sum, name) => sum + statSync(join(dir, 'cache', name)).size, 0)
rmSync(dir, { recursive: true, force: true })

const rows = [...seen].map(([task, { name, user, system }]) => ({
  task,
  name,
  user: user - (before.get(task)?.user ?? 0),
  system: system - (before.get(task)?.system ?? 0),
}))
const total = rows.reduce((sum, row) => sum + row.user + row.system, 0)
console.log(`${files.length} cards on ${threads} thread(s): ${wall.toFixed(2)} s wall, ${(bytes / files.length / 1024).toFixed(1)} KiB a card`)
console.log(`CPU ${total.toFixed(2)} s; by thread (user + system):`)
for (const row of rows.filter((row) => row.user + row.system >= 0.05))
  console.log(`  ${row.name.padEnd(16)} ${row.task.padStart(8)}  ${row.user.toFixed(2)} + ${row.system.toFixed(2)}`)
