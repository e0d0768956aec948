import { connect, type Socket } from 'node:net'
import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { serverSandbox } from './server-process'

// The real server (server/index.ts) on 127.0.0.1, and clients on two loopback addresses: Linux routes
// all of 127.0.0.0/8 to the loopback interface, so a socket bound to 127.0.0.2 is another client.
const sandbox = serverSandbox('connections-', { 'index.html': '<!DOCTYPE html><title>Home</title>' })

/** Opens a connection from `localAddress` and sends half a request; `open()` says whether the server has kept it. */
async function halfSentRequest(port: number, localAddress: string): Promise<{ socket: Socket; open: () => boolean }> {
  const socket = connect({ host: '127.0.0.1', port, localAddress })
  let closed = false
  socket.on('close', () => (closed = true))
  socket.on('error', () => undefined)
  await new Promise<void>((resolve) => socket.once('connect', resolve).once('close', resolve))
  if (!closed) socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`)
  return { socket, open: () => !closed }
}

/** GET `path` from `localAddress` on a fresh connection: the status, and how long it took (0 when refused). */
function getFrom(port: number, localAddress: string, path = '/'): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  return new Promise((resolve) => {
    request({ host: '127.0.0.1', port, path, localAddress, agent: false, timeout: 3_000 }, (response) => {
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }))
    })
      .on('error', () => resolve({ status: 0, ms: performance.now() - started }))
      .on('timeout', function (this: { destroy(): void }) {
        this.destroy()
      })
      .end()
  })
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 500))

describe.skipIf(process.platform !== 'linux')('connections per client (HTTP_MAX_CONNECTIONS)', () => {
  it('lets one address hold a tenth of them: its further connections are closed at once, another address still gets a page', async () => {
    const server = await sandbox.start({ DATABASE_URL: sandbox.database('per-client'), HTTP_MAX_CONNECTIONS: '20', TRUST_PROXY: '0' })
    const held: Array<Awaited<ReturnType<typeof halfSentRequest>>> = []
    try {
      for (let n = 0; n < 20; n++) held.push(await halfSentRequest(server.port, '127.0.0.1'))
      await settle()
      expect(held.filter((connection) => connection.open()).length).toBe(2)

      const other = await getFrom(server.port, '127.0.0.2')
      expect(other.status).toBe(200)
      expect(other.ms).toBeLessThan(1_000)
    } finally {
      for (const connection of held) connection.socket.destroy()
      server.child.kill('SIGKILL')
    }
  })

  it('counts only the overall cap behind a proxy (TRUST_PROXY=1), where every connection comes from the proxy', async () => {
    const server = await sandbox.start({ DATABASE_URL: sandbox.database('behind-proxy'), HTTP_MAX_CONNECTIONS: '20', TRUST_PROXY: '1' })
    const held: Array<Awaited<ReturnType<typeof halfSentRequest>>> = []
    try {
      for (let n = 0; n < 10; n++) held.push(await halfSentRequest(server.port, '127.0.0.1'))
      await settle()
      expect(held.filter((connection) => connection.open()).length).toBe(10)
      expect((await getFrom(server.port, '127.0.0.1')).status).toBe(200)
    } finally {
      for (const connection of held) connection.socket.destroy()
      server.child.kill('SIGKILL')
    }
  })
})
