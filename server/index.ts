// The production server: the prerendered pages and the API, and the outbox forwarding leads and clicks.
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { loadSite } from '../lib/node/site.server'
import { createApi } from './api'
import { createApp } from './app'
import { databaseFileOf } from './database'
import { HealthChecks, healthHandler } from './health'
import { applyConnectionLimit, httpLimitsFromEnv, httpServerOptions } from './http-limits'
import { Outbox } from './outbox'
import { startLeadRetention } from './retention'
import { leadRetentionDays, outboxTimeoutFromEnv, trustedHopsFromEnv, webhooksFromEnv, wholeNumber } from './settings'
import { Store } from './store'

const hostname = process.env.HOST ?? '0.0.0.0'
const { port, limits, retentionDays, trustedHops, outboxTimeoutMs, webhooks } = (() => {
  try {
    return {
      port: wholeNumber(process.env, 'PORT', 3000, 'a port number', 0, 65535),
      limits: httpLimitsFromEnv(),
      retentionDays: leadRetentionDays(),
      trustedHops: trustedHopsFromEnv(),
      outboxTimeoutMs: outboxTimeoutFromEnv(),
      webhooks: webhooksFromEnv(),
    }
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
})()

const store = await Store.open()
const outbox = new Outbox(store, webhooks, { timeoutMs: outboxTimeoutMs })
outbox.start()
const retention = startLeadRetention(store, { days: retentionDays })
const health = await HealthChecks.start(store, { databaseFile: databaseFileOf() })
const app = createApp({ api: createApi({ store, outbox, trustedHops }), health: healthHandler(health) })
const server = serve({ fetch: app.fetch, port, hostname, serverOptions: httpServerOptions(limits) }, (info) => {
  const shownHost = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname
  console.log(`${loadSite().productName} site listening on http://${shownHost}:${info.port}`)
}) as Server
applyConnectionLimit(server, limits, trustedHops)
server.on('error', (error: NodeJS.ErrnoException) => void refuseToListen(error))

/** One line saying what to change, not Node's stack trace, then exit 1. */
async function refuseToListen(error: NodeJS.ErrnoException): Promise<void> {
  const problem = {
    EADDRINUSE: `port ${port} is in use; set PORT to another port`,
    EACCES: `port ${port} needs privileges this process lacks; set PORT to another port (1024 or above)`,
    EADDRNOTAVAIL: `${hostname} is not an address of this machine; set HOST to one of its addresses, or 0.0.0.0`,
  }[error.code ?? '']
  if (problem === undefined) throw error
  console.error(`server: ${problem}`)
  await closeAndExit(1)
}

/** The outbox's sends in flight finish first; the health check's file closes after the store. */
async function closeAndExit(code: number, outboxStopped = outbox.stop()): Promise<void> {
  await outboxStopped
  await retention.stop()
  await health.stop()
  await store.close()
  await health.close()
  process.exit(code)
}

// Lets the requests under way (at most drainTimeoutMs) and the webhook calls in flight finish; a record stored meanwhile waits for the next process.
let draining = false
async function drain(signal: NodeJS.Signals): Promise<void> {
  if (draining) return
  draining = true
  console.log(`${signal}: finishing the requests under way, then exiting`)
  const outboxStopped = outbox.stop()
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  // A keep-alive connection whose request has finished would otherwise wait for its keepAliveTimeout.
  const idle = setInterval(() => server.closeIdleConnections(), 100)
  const deadline = setTimeout(() => {
    console.error(`requests still open after ${limits.drainTimeoutMs} ms: closing their connections`)
    server.closeAllConnections()
  }, limits.drainTimeoutMs)
  await closed
  clearInterval(idle)
  clearTimeout(deadline)
  await closeAndExit(0, outboxStopped)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void drain(signal))
