// The entry of a worker thread whose code is TypeScript (see startTypeScriptWorker in server/database.ts):
// Node 20 does not give a worker its parent's module loader, so this registers tsx's, then imports the
// worker's module, named by `workerData.entry`.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
