// `npm run outbox`: what waits for its webhook, was delivered or failed, and the oldest's wait. DATABASE_URL=d1:remote: the Worker's.
import { Store } from '../server/store'
import { webhooksFromEnv } from '../server/settings'
import { d1StoreOf } from './d1-wrangler-database'

const store = d1StoreOf(process.env.DATABASE_URL ?? '') ?? (await Store.open())
const counts = await store.counts()
const backlog = await store.backlog()
const webhooks = webhooksFromEnv()
for (const table of ['leads', 'clicks'] as const) {
  const note = webhooks[table] ? '' : ' (no webhook configured: kept, not sent)'
  console.log(`${table}: ${counts[table].pending} pending, ${counts[table].delivered} delivered${note}`)
}
const oldest =
  backlog.oldestPendingReceivedAt === null
    ? 'none waits'
    : `the oldest waits for ${Math.max(0, Math.floor((Date.now() - backlog.oldestPendingReceivedAt) / 1000))} s`
console.log(`waiting: ${backlog.pending}, of which ${backlog.failing} failed at least once; ${oldest}`)
console.log(`conversions: ${counts.conversions} stored`)
await store.close()
