// The production server: `npm start` builds the site, then runs this. One process serves the
// prerendered pages and the API, and forwards stored leads and clicks to their webhooks.
import { serve } from '@hono/node-server'
import { loadSite } from '../lib/node/site.server'
import { createApi } from './api'
import { createApp } from './app'
import { Outbox, webhooksFromEnv } from './outbox'
import { Store } from './store'

const port = Number(process.env.PORT ?? 3000)
const hostname = process.env.HOST ?? '0.0.0.0'
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`)
  process.exit(1)
}

const store = await Store.open()
const outbox = new Outbox(store, webhooksFromEnv())
outbox.start()
const app = createApp({ api: createApi({ store, outbox, trustProxy: process.env.TRUST_PROXY === '1' }) })
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  const shownHost = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname
  console.log(`${loadSite().productName} site listening on http://${shownHost}:${info.port}`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    outbox.stop()
    server.close(() => {
      store.close()
      process.exit(0)
    })
  })
}
