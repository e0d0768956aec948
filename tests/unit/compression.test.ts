import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { preferredEncoding } from '../../server/compress'

// A built site as the build leaves it: pages without .br/.gz copies, an asset with them.
const clientDir = mkdtempSync(join(tmpdir(), 'compress-'))
afterAll(() => rmSync(clientDir, { recursive: true, force: true }))
const page = (words: string) => `<!DOCTYPE html><html><body>${`<p>${words}</p>`.repeat(200)}</body></html>`
writeFileSync(join(clientDir, 'index.html'), page('home'))
writeFileSync(join(clientDir, '404.html'), page('not found'))
writeFileSync(join(clientDir, 'small.html'), '<p>tiny</p>')
const asset = `console.log(${JSON.stringify('x'.repeat(3000))})`
writeFileSync(join(clientDir, 'app.js'), asset)
writeFileSync(join(clientDir, 'app.js.br'), brotliCompressSync(asset))

const app = createApp({ clientDir })
const get = (path: string, acceptEncoding: string) => app.request(path, { headers: { 'accept-encoding': acceptEncoding } })
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer())

describe('compression of pages on first request', () => {
  it('sends / in brotli when the browser accepts it, and the bytes decompress to the page', async () => {
    const response = await get('/', 'gzip, deflate, br')
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(page('home'))
    expect(response.headers.get('vary')?.match(/accept-encoding/gi)).toHaveLength(1)
  })

  it('sends gzip to a browser without brotli, and the 404 page compressed with its status', async () => {
    const response = await get('/', 'gzip')
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(await bytes(response)).toString()).toBe(page('home'))
    const missing = await get('/no-such-page', 'br')
    expect(missing.status).toBe(404)
    expect(brotliDecompressSync(await bytes(missing)).toString()).toBe(page('not found'))
  })

  it('sends the page as it is when no encoding is accepted, or when it is too small to gain', async () => {
    for (const accept of ['identity', 'br;q=0, gzip;q=0']) {
      const response = await get('/', accept)
      expect(response.headers.get('content-encoding'), accept).toBeNull()
      expect(await response.text()).toBe(page('home'))
    }
    expect((await get('/small', 'br')).headers.get('content-encoding')).toBeNull()
  })

  it('serves a precompressed asset from its .br file', async () => {
    const response = await get('/app.js', 'br')
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(await bytes(response)).toEqual(brotliCompressSync(asset))
  })

  it('never serves a stale copy after the file changes', async () => {
    writeFileSync(join(clientDir, 'index.html'), page('rebuilt'))
    const response = await get('/', 'br')
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(page('rebuilt'))
  })

  it('reads Accept-Encoding with its q-values', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
    expect(preferredEncoding('*')).toBe('br')
    expect(preferredEncoding('*;q=0')).toBeUndefined()
    expect(preferredEncoding(undefined)).toBeUndefined()
  })
})
