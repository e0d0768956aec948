// The production server: `npm start` builds the site, then runs this.
import { serve } from '@hono/node-server'
import { loadSite } from '../lib/site'
import { createApp } from './app'

const port = Number(process.env.PORT ?? 3000)
const hostname = process.env.HOST ?? '0.0.0.0'
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`)
  process.exit(1)
}

const app = createApp()
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  const shownHost = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname
  console.log(`${loadSite().productName} site listening on http://${shownHost}:${info.port}`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
