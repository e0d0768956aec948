import { fork } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ContentIndex } from '../../lib/content/load'
import type { FromContentWorker } from './content-worker'

const WORKER = fileURLToPath(new URL('./content-worker.ts', import.meta.url))

export interface IndexedContent {
  index: ContentIndex
  /** The index as written to `indexFile`, for the digest of every page that lists content. */
  indexText: string
  /** Each topic's slug and the digest of its file. */
  topicDigests: Map<string, string>
  counts: { posts: number; topics: number; pages: number }
}

/** Thrown with the content's own problem list: one line per file and field. */
export class ContentFailed extends Error {}

/** Validates the content in a process of its own, which writes the index to `indexFile`; `onProgress` hears how many topic files are done. */
export function indexContent(contentRoot: string, indexFile: string, onProgress: (done: number) => void): Promise<IndexedContent> {
  const child = fork(WORKER, [contentRoot, indexFile], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  return new Promise((resolve, reject) => {
    let result: FromContentWorker | undefined
    child.on('message', (message: FromContentWorker) => {
      if (message.type === 'progress') onProgress(message.done)
      else result = message
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (result?.type === 'failed') return reject(new ContentFailed(result.message))
      if (result?.type !== 'indexed' || code !== 0) return reject(new Error(`the content worker stopped (exit ${code ?? signal})`))
      const indexText = readFileSync(indexFile, 'utf8')
      const { posts, topics, pages, topicDigests } = result
      resolve({ index: JSON.parse(indexText) as ContentIndex, indexText, topicDigests: new Map(topicDigests), counts: { posts, topics, pages } })
    })
  })
}
