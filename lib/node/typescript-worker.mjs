// The entry of a worker thread whose code is TypeScript, run from source (the build's card threads,
// pipeline/cards.ts, and the server's database thread under tsx, server/database.ts): Node 20 does
// not give a worker its parent's module loader, so this registers tsx's, then imports the worker's
// module, named by `workerData.entry`. The compiled server (dist/server/) starts its thread's .mjs directly.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
