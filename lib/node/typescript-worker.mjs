// A worker thread run from TypeScript source (pipeline/cards.ts, server/database.ts under tsx): Node 20 does not give a worker its
// parent's module loader, so this registers tsx's. The compiled server starts its thread's .mjs directly.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
