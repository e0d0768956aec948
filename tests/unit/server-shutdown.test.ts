import { execFileSync } from 'node:child_process'
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { DEFAULT_HTTP_LIMITS, httpLimitsFromEnv, httpServerOptions } from '../../server/http-limits'
import { Store } from '../../server/store'
import { groupAlive, serverSandbox } from './server-process'
import { storedLead } from './lead-fixture'

// The real server on loopback, with a temp database and a temp built client dir, as production runs it:
// compiled, started by `npm run serve`; a signal is sent to npm's process, as a process manager would.
const sandbox = serverSandbox('shutdown-', {}, { npmRunServe: true })
const startServer = (name: string, env: Record<string, string> = {}) => sandbox.start({ DATABASE_URL: sandbox.database(name), ...env })

const LEAD = JSON.stringify({
  first_name: 'Ada',
  linkedin_url: 'https://www.linkedin.com/in/ada',
  email: 'ada@example.com',
  submitted_at: new Date().toISOString(),
})

/** Opens a raw connection and sends a POST /api/score's headers, with the body yet to come. */
async function openPost(port: number, body: string): Promise<{ socket: Socket; response: Promise<string> }> {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString()))
  const response = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received))
    socket.on('error', () => undefined)
  })
  socket.write(`POST /api/score HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`)
  return { socket, response }
}

/** Sends `body` one byte a second (until the server cuts the connection); resolves with what the server answered and when. */
async function trickle(port: number, body: string): Promise<{ seconds: number; received: string; bytesSent: number }> {
  const started = Date.now()
  const { socket, response } = await openPost(port, body)
  let bytesSent = 0
  const timer = setInterval(() => {
    if (socket.destroyed || bytesSent >= body.length) return clearInterval(timer)
    socket.write(body[bytesSent++]!)
  }, 1_000)
  const received = await response
  clearInterval(timer)
  return { seconds: (Date.now() - started) / 1000, received, bytesSent }
}

/** GET on a fresh connection; resolves with the status and the body. */
const getWithBody = (port: number, path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end()
  })
const get = (port: number, path: string) => getWithBody(port, path).then((answer) => answer.status)

describe('the HTTP limits', () => {
  it('default to a 10 s request and headers timeout, 5 s keep-alive, 1,000 connections; each from its variable', () => {
    expect(httpLimitsFromEnv({})).toEqual(DEFAULT_HTTP_LIMITS)
    expect(DEFAULT_HTTP_LIMITS).toEqual({
      requestTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1_000,
      drainTimeoutMs: 10_000,
    })
    expect(httpLimitsFromEnv({ HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_MAX_CONNECTIONS: '50' })).toMatchObject({
      requestTimeoutMs: 1_000,
      headersTimeoutMs: 1_000,
      maxConnections: 50,
    })
    expect(httpServerOptions(DEFAULT_HTTP_LIMITS)).toEqual({
      requestTimeout: 10_000,
      headersTimeout: 10_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 500,
    })
    for (const bad of ['0', '-5', '2.5', 'ten']) expect(() => httpLimitsFromEnv({ HTTP_MAX_CONNECTIONS: bad }), bad).toThrow(/HTTP_MAX_CONNECTIONS/)
  })
})

describe('the server process', () => {
  it('honours a shorter HTTP_REQUEST_TIMEOUT_MS, and refuses connections past HTTP_MAX_CONNECTIONS', async () => {
    // Behind a proxy (TRUST_PROXY=1) only the overall cap counts; without one, one address may hold a tenth of it.
    const server = await startServer('slow-short', { HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_MAX_CONNECTIONS: '2', TRUST_PROXY: '1' })
    try {
      const { seconds, received } = await trickle(server.port, LEAD)
      expect(received).toMatch(/^HTTP\/1\.1 408 /)
      expect(seconds).toBeLessThan(3)

      const held = await Promise.all([openPost(server.port, LEAD), openPost(server.port, LEAD)])
      const third = await openPost(server.port, LEAD).then((post) => post.response)
      expect(third).toBe('') // closed without an answer
      for (const post of held) post.socket.destroy()
      await expect.poll(() => get(server.port, '/healthz'), { timeout: 5_000 }).toBe(200)
    } finally {
      server.child.kill('SIGKILL')
    }
  })

  it('deletes expired delivered leads when it starts; npm run outbox reports the one left waiting', async () => {
    const database = sandbox.database('retention')
    const store = await Store.open(database)
    const lead = (email: string) => storedLead({ email })
    const old = Date.now() - 400 * 24 * 60 * 60 * 1000
    await store.markDelivered('leads', Number(await store.addLead(lead('old-delivered@example.com'), old)), old + 1_000)
    await store.addLead(lead('old-undelivered@example.com'), old)
    await store.close()

    const server = await startServer('retention', { DATABASE_URL: database })
    try {
      const emails = async () => {
        const reader = await Store.open(database)
        try {
          return (await reader.rows('leads')).map((row) => row.email)
        } finally {
          reader.close()
        }
      }
      await expect.poll(emails, { timeout: 5_000 }).toEqual(['old-undelivered@example.com'])
      expect(await getWithBody(server.port, '/healthz')).toEqual({ status: 200, body: '{"status":"ok"}' })
      // The backlog is the operator's to read (`npm run outbox`), not the public's.
      const outbox = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/outbox-status.ts'], {
        env: { ...process.env, DATABASE_URL: database },
        encoding: 'utf8',
      })
      expect(outbox).toContain('leads: 1 pending, 0 delivered')
      const waited = Number(/waiting: 1, of which 0 failed at least once; the oldest waits for (\d+) s/.exec(outbox)?.[1])
      expect(waited).toBeGreaterThan(399 * 24 * 60 * 60)
    } finally {
      server.child.kill('SIGKILL')
    }
  })

  it('on SIGTERM stops accepting, lets the request under way finish, then exits 0 and leaves no process behind', async () => {
    const server = await startServer('drain')
    expect(await get(server.port, '/healthz')).toBe(200)
    const half = Math.floor(LEAD.length / 2)
    const { socket, response } = await openPost(server.port, LEAD)
    socket.write(LEAD.slice(0, half))
    await new Promise((resolve) => setTimeout(resolve, 300))

    server.child.kill('SIGTERM')
    await expect.poll(() => server.output(), { timeout: 5_000 }).toContain('SIGTERM')
    // No new connection is accepted once draining starts.
    await expect(get(server.port, '/healthz')).rejects.toThrow(/ECONNREFUSED/)
    expect(server.child.exitCode).toBeNull()

    await new Promise((resolve) => setTimeout(resolve, 1_000))
    socket.write(LEAD.slice(half))
    const answer = await response
    expect(answer).toMatch(/^HTTP\/1\.1 202 /)
    expect(await server.exited).toBe(0)
    // npm's process and the server it started: none is left holding the port or the database.
    expect(groupAlive(server.child)).toBe(false)
  })
})
