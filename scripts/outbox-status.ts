// `npm run outbox`: the operator's view of the outbox (GET /healthz says only ok or fail): what waits for
// its webhook, what was delivered, what failed and how long the oldest has waited. DATABASE_URL=d1:remote
// reads the Worker's D1.
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
