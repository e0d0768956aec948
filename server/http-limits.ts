import type { Server, ServerOptions } from 'node:http'
import type { Socket } from 'node:net'
import { addressKey } from './client-address'
import { wholeNumber, type Env } from './settings'

// How long a client may take to send a request, how long an idle connection is kept, and how many
// connections are open at once, in all and per client: so that slow or idle clients cannot hold the
// server's connections. server/index.ts applies them; each can be set from the environment (tests
// shorten the timeouts).

export interface HttpLimits {
  /** The whole request, headers and body, must arrive within this (Node's default is 300 s). */
  requestTimeoutMs: number
  /** The headers must arrive within this; at most requestTimeoutMs. */
  headersTimeoutMs: number
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number
  /** Connections past this many are refused; with no trusted proxy, one client address may hold a tenth of them. */
  maxConnections: number
  /** On SIGTERM or SIGINT, requests under way get this long to finish before their connections are cut. */
  drainTimeoutMs: number
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 10_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
  drainTimeoutMs: 10_000,
}

const ENV: Record<keyof HttpLimits, string> = {
  requestTimeoutMs: 'HTTP_REQUEST_TIMEOUT_MS',
  headersTimeoutMs: 'HTTP_HEADERS_TIMEOUT_MS',
  keepAliveTimeoutMs: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
  maxConnections: 'HTTP_MAX_CONNECTIONS',
  drainTimeoutMs: 'HTTP_DRAIN_TIMEOUT_MS',
}

/** The limits, each from its variable when set (a positive whole number). */
export function httpLimitsFromEnv(env: Env = process.env): HttpLimits {
  const limits = { ...DEFAULT_HTTP_LIMITS }
  for (const [key, name] of Object.entries(ENV) as Array<[keyof HttpLimits, string]>) limits[key] = wholeNumber(env, name, limits[key])
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

/** How many connections one client address may hold at once: a tenth of maxConnections, at least 1. */
export function connectionsPerClient(limits: Pick<HttpLimits, 'maxConnections'>): number {
  return Math.max(1, Math.floor(limits.maxConnections / 10))
}

/**
 * What can only be set on the created server: the connection caps. In all, at most maxConnections at
 * once (Node refuses the others before they reach the server). With no trusted proxy (`trustedHops` 0),
 * also at most connectionsPerClient per client address, counted under its addressKey (one spelling, IPv6
 * per /64) from its `connection` event to its socket's close: a further connection from that address is
 * closed at once, others' are still taken, so one client holding half-sent requests cannot shut everyone
 * out. Behind a proxy every connection comes from the proxy, so only the overall cap applies.
 */
export function applyConnectionLimit(server: Pick<Server, 'maxConnections' | 'on'>, limits: HttpLimits, trustedHops: number): void {
  server.maxConnections = limits.maxConnections
  if (trustedHops > 0) return
  const perClient = connectionsPerClient(limits)
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress ?? '') ?? socket.remoteAddress ?? 'unknown'
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
