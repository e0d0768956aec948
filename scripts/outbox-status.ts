// `npm run outbox`: how many leads and clicks wait for their webhook, how many were delivered.
import { Store } from '../server/store'
import { webhooksFromEnv } from '../server/outbox'

const store = await Store.open()
const counts = await store.counts()
const webhooks = webhooksFromEnv()
for (const table of ['leads', 'clicks'] as const) {
  const note = webhooks[table] ? '' : ' (no webhook configured: kept, not sent)'
  console.log(`${table}: ${counts[table].pending} pending, ${counts[table].delivered} delivered${note}`)
}
console.log(`conversions: ${counts.conversions} stored`)
await store.close()
