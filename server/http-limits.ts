// The server's timeouts and connection caps, so that slow or idle clients cannot hold its connections.
import type { Server, ServerOptions } from 'node:http'
import type { Socket } from 'node:net'
import { clientKey } from './client-address'
import { wholeNumber, type Env } from './settings'

export const DEFAULT_HTTP_LIMITS = {
  /** The whole request, headers and body, must arrive within this (Node's default is 300 s). */
  requestTimeoutMs: 10_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
  /** On SIGTERM or SIGINT, requests under way get this long to finish before their connections are cut. */
  drainTimeoutMs: 10_000,
}
type HttpLimits = typeof DEFAULT_HTTP_LIMITS

/** Each from HTTP_ and its name in capitals (HTTP_REQUEST_TIMEOUT_MS, HTTP_MAX_CONNECTIONS …) when set. */
export function httpLimitsFromEnv(env: Env = process.env): HttpLimits {
  const limits = { ...DEFAULT_HTTP_LIMITS }
  for (const key of Object.keys(limits) as Array<keyof HttpLimits>)
    limits[key] = wholeNumber(env, `HTTP_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`, limits[key])
  // Node refuses a headers timeout longer than the request timeout.
  limits.headersTimeoutMs = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs)
  return limits
}

/** Options for http.createServer; the timeouts are checked every 100 to 500 ms (not Node's 30 s), so a slow request is cut off near its limit. */
export function httpServerOptions(limits: HttpLimits): ServerOptions {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(500, Math.max(100, Math.floor(limits.requestTimeoutMs / 10))),
  }
}

/** With no trusted proxy (behind one, all connections are its), a tenth per client address, so one holding half-sent requests cannot shut out all. */
export function applyConnectionLimit(server: Pick<Server, 'maxConnections' | 'on'>, limits: HttpLimits, trustedHops: number): void {
  server.maxConnections = limits.maxConnections
  if (trustedHops > 0) return
  const perClient = Math.max(1, Math.floor(limits.maxConnections / 10))
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const key = clientKey({ remote: socket.remoteAddress, trustedHops: 0 })
    const held = open.get(key) ?? 0
    if (held >= perClient) {
      socket.destroy()
      return
    }
    open.set(key, held + 1)
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1
      if (left > 0) open.set(key, left)
      else open.delete(key)
    })
  })
}
