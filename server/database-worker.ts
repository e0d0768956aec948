// The local database's thread. A batch's reads run first, then all its writes in one transaction (group commit:
// one disk sync, each write answered once committed; a failing statement leaves the others' work in place), then
// its checkpoints, each on its own: one cannot run in a transaction, and it must see the batch's writes.
import { parentPort, workerData } from 'node:worker_threads'
import type { Client, Transaction } from '@libsql/client'
import { connect, plainResult, type Failure, type FromWorker, type Reply, type Request, type WorkerOptions } from './database'

const port = parentPort!
const options = (workerData as { data: WorkerOptions }).data

function errorInfo(error: unknown): Failure {
  const { message, code } = error as { message?: unknown; code?: unknown }
  return { message: String(message ?? error), ...(typeof code === 'string' ? { code } : {}) }
}

async function runEach(db: Client | Transaction, requests: Request[], replies: Reply[]): Promise<void> {
  for (const { id, statement } of requests) {
    try {
      replies.push({ id, result: plainResult(await db.execute(statement)) })
    } catch (error) {
      replies.push({ id, error: errorInfo(error) })
    }
  }
}

async function runWrites(client: Client, requests: Request[], replies: Reply[]): Promise<void> {
  if (requests.length === 0) return
  const done: Reply[] = []
  try {
    const transaction = await client.transaction('write')
    try {
      await runEach(transaction, requests, done)
      await transaction.commit()
    } finally {
      transaction.close()
    }
  } catch (error) {
    // Taking the lock or committing failed: none of these writes is stored, so none is answered as done.
    const failure = errorInfo(error)
    for (const { id } of requests) replies.push({ id, error: failure })
    return
  }
  replies.push(...done)
}

function serve(client: Client): void {
  const queue: Request[] = []
  let closing = false
  let busy = false

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0)
      const replies: Reply[] = []
      const ofKind = (kind: Request['kind']) => batch.filter((request) => request.kind === kind)
      await runEach(client, ofKind('read'), replies)
      await runWrites(client, ofKind('write'), replies)
      await runEach(client, ofKind('checkpoint'), replies)
      port.postMessage(replies satisfies FromWorker)
    }
    busy = false
    if (closing) shutDown()
  }

  function shutDown(): void {
    client.close()
    port.close()
  }

  port.on('message', (message: Request[] | 'close') => {
    if (message === 'close') {
      closing = true
      if (!busy) shutDown()
      return
    }
    queue.push(...message)
    // The requests that arrive while this batch waits for its turn join it.
    if (!busy) setImmediate(() => void drain())
    busy = true
  })
}

try {
  const client = await connect(options.url, options.migrations)
  port.postMessage({ ready: true } satisfies FromWorker)
  serve(client)
} catch (error) {
  port.postMessage({ failed: errorInfo(error) } satisfies FromWorker)
}
