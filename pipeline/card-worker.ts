// A card worker thread (cards.ts): draws each picture it is sent into the build cache, whole or not at all.
import { parentPort } from 'node:worker_threads'
import { CardPainter } from '../lib/node/cards/draw.server'
import { writeWhole } from './cache'
import type { CardDone, CardJob } from './cards'

const painter = new CardPainter()
const port = parentPort!

port.on('message', async ({ key, spec, file }: CardJob) => {
  try {
    writeWhole(file, await painter.draw(spec))
    port.postMessage({ key } satisfies CardDone)
  } catch (error) {
    port.postMessage({ key, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies CardDone)
  }
})
