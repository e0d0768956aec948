// A card worker thread (cards.ts): draws each picture it is sent into the build cache, whole or not at all.
import { renameSync, writeFileSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'
import { CardPainter } from '../lib/node/cards/draw.server'
import type { CardDone, CardJob } from './cards'

const painter = new CardPainter()
const port = parentPort!

port.on('message', async ({ key, spec, file }: CardJob) => {
  try {
    const png = await painter.draw(spec)
    const temporary = `${file}.${process.pid}.${key}.tmp`
    writeFileSync(temporary, png)
    renameSync(temporary, file)
    port.postMessage({ key } satisfies CardDone)
  } catch (error) {
    port.postMessage({ key, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies CardDone)
  }
})
