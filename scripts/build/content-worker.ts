// The build's content phase, in a process of its own: it validates every content file, writes the
// index the render workers read, and exits. Parsing tens of thousands of files leaves a heap full of
// garbage that V8 would keep; here it goes away with the process, before the render workers start.
import { writeFileSync } from 'node:fs'
import { ContentError, readContentIndex } from '../../lib/content/load'
import { digest } from './cache'

export type FromContentWorker =
  | { type: 'progress'; done: number }
  | { type: 'indexed'; posts: number; topics: number; pages: number; topicDigests: Array<[string, string]> }
  | { type: 'failed'; message: string }

/** Files read between two progress messages. */
const PROGRESS_EVERY = 250

const [contentRoot, indexFile] = process.argv.slice(2) as [string, string]
const send = (message: FromContentWorker) => new Promise<void>((resolve) => process.send!(message, () => resolve()))

const topicDigests: Array<[string, string]> = []
try {
  const index = await readContentIndex(contentRoot, undefined, (entry, text) => {
    topicDigests.push([entry.slug, digest(text)])
    if (topicDigests.length % PROGRESS_EVERY === 0) void send({ type: 'progress', done: topicDigests.length })
  })
  writeFileSync(indexFile, JSON.stringify(index))
  await send({ type: 'indexed', posts: index.posts.length, topics: index.topics.length, pages: Object.keys(index.pages).length, topicDigests })
} catch (error) {
  await send({ type: 'failed', message: error instanceof ContentError ? error.message : String((error as Error).stack ?? error) })
  process.exitCode = 1
}
process.disconnect()
