import { createServer, type Server } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { serverSandbox } from './server-process'

// `npm run serve` on a port another process holds (`npm run dev`, a second server): one line naming the
// port and PORT, exit 1, no stack trace.
const sandbox = serverSandbox('server-port-')
const holders: Server[] = []
afterAll(() => holders.forEach((holder) => holder.close()))

/** A port of 127.0.0.1 another listener holds until the tests end. */
async function takenPort(): Promise<number> {
  const holder = createServer()
  holders.push(holder)
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
  return (holder.address() as { port: number }).port
}

describe('the server on a port already in use', () => {
  it('says so in one line naming PORT and exits 1', async () => {
    const port = await takenPort()
    const failed = await sandbox.start({ PORT: String(port), DATABASE_URL: sandbox.database('taken') }).then(
      () => 'it started',
      (error: Error) => error.message,
    )
    // All it printed on stderr, after the sandbox's "server exited with <code>: ".
    expect(failed).toBe(`server exited with 1: server: port ${port} is in use; set PORT to another port\n`)
  }, 30_000)
})
