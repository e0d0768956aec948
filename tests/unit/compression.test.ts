import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../server/app'
import { writeMiniatureSite } from './routing-table'

// The build precompresses only the code bundle; the server compresses the pages, sitemap and the like
// itself (lib/node/compression.server.ts, server/site-file-cache.ts). Counting brotli runs shows the cache at work.
const brotliRuns = vi.hoisted(() => ({ count: 0 }))
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>()
  const brotliCompress = (...args: unknown[]) => {
    brotliRuns.count++
    return (zlib.brotliCompress as (...args: unknown[]) => void)(...args)
  }
  return { ...zlib, brotliCompress }
})

/** A page well over the 1 KB below which nothing is compressed. */
const page = (title: string) =>
  `<!doctype html><title>${title}</title>\n${Array.from({ length: 200 }, (_, i) => `<p>${title}, paragraph ${i}.</p>`).join('\n')}`

const site = writeMiniatureSite()
afterAll(site.remove)
const write = (file: string, content: string | Buffer) => writeFileSync(join(site.clientDir, file), content)
write('index.html', page('Home'))
write('404.html', page('Not found'))
write('topics.html', page('Topics'))
const ASSET = 'assets/entries/page.abc123.js'
const assetSource = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word${i}`))}\n`
write(ASSET, assetSource)
write(`${ASSET}.br`, brotliCompressSync(assetSource))
write(`${ASSET}.gz`, gzipSync(assetSource))

const app = createApp({ clientDir: site.clientDir })
const request = (path: string, headers: Record<string, string> = {}, method = 'GET') => app.request(path, { method, headers })
const fileBytes = (file: string) => readFileSync(join(site.clientDir, file))

async function decodedBody(response: Response): Promise<Buffer> {
  const body = Buffer.from(await response.arrayBuffer())
  const encoding = response.headers.get('content-encoding')
  if (encoding === 'br') return brotliDecompressSync(body)
  if (encoding === 'gzip') return gunzipSync(body)
  expect(encoding).toBeNull()
  return body
}

const varyNames = (response: Response) => (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase())

describe('compression of the files the build leaves uncompressed', () => {
  const negotiations: [acceptEncoding: string, encoding: string | null][] = [
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
  ]
  for (const [acceptEncoding, encoding] of negotiations) {
    it(`answers \`accept-encoding: ${acceptEncoding}\` with ${encoding ?? 'the page as it is'}, byte for byte the page`, async () => {
      const response = await request('/', { 'accept-encoding': acceptEncoding })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-encoding')).toBe(encoding)
      expect(await decodedBody(response)).toEqual(fileBytes('index.html'))
    })
  }

  it('sends the page as it is when the browser names no encoding', async () => {
    const response = await request('/')
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(varyNames(response)).toContain('accept-encoding')
  })

  it('says how long the compressed page is', async () => {
    const response = await request('/', { 'accept-encoding': 'br' })
    expect(Number(response.headers.get('content-length'))).toBe((await response.arrayBuffer()).byteLength)
  })

  it('leaves a file under 1 KB as it is', async () => {
    const response = await request('/robots.txt', { 'accept-encoding': 'br, gzip' })
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(Buffer.from(await response.arrayBuffer())).toEqual(fileBytes('robots.txt'))
  })

  it("still serves a precompressed asset from the build's .br file", async () => {
    const response = await request(`/${ASSET}`, { 'accept-encoding': 'br, gzip' })
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(fileBytes(`${ASSET}.br`))
  })

  it('serves the new page, not a cached copy of the old one, once the file changes', async () => {
    // Files are checked on disk again once a second: the test moves the app's clock instead of waiting.
    let clock = 0
    const rebuilt = createApp({ clientDir: site.clientDir, now: () => clock })
    const served = async () => (await decodedBody(await rebuilt.request('/blog/post-a', { headers: { 'accept-encoding': 'br, gzip' } }))).toString()
    write('blog/post-a.html', page('Post A'))
    expect(await served()).toBe(page('Post A'))
    write('blog/post-a.html', page('Post A, rebuilt'))
    clock += 1000
    expect(await served()).toBe(page('Post A, rebuilt'))
  })

  it('names Accept-Encoding in Vary exactly once, compressed here, precompressed or not compressed', async () => {
    for (const path of ['/', `/${ASSET}`, '/robots.txt', '/no-such-page']) {
      for (const acceptEncoding of ['br', 'identity']) {
        const response = await request(path, { 'accept-encoding': acceptEncoding })
        expect(
          varyNames(response).filter((name) => name === 'accept-encoding'),
          `${path} ${acceptEncoding}`,
        ).toHaveLength(1)
      }
    }
  })

  it('compresses the 404 page too, keeping its status', async () => {
    const response = await request('/no-such-page', { 'accept-encoding': 'br, gzip' })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(await decodedBody(response)).toEqual(fileBytes('404.html'))
  })

  it('answers HEAD with the headers of a GET and no body', async () => {
    const response = await request('/', { 'accept-encoding': 'br, gzip' }, 'HEAD')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await response.text()).toBe('')
  })

  it('answers a range request with the bytes asked for, uncompressed', async () => {
    const response = await request('/', { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(Buffer.from(await response.arrayBuffer())).toEqual(fileBytes('index.html').subarray(0, 100))
  })

  it('compresses a page once for all the visitors who ask for it at the same time, and not again after', async () => {
    const headers = { 'accept-encoding': 'br' }
    const before = brotliRuns.count
    const responses = await Promise.all([1, 2, 3].map(() => request('/topics', headers)))
    responses.push(await request('/topics', headers))
    for (const response of responses) expect(await decodedBody(response)).toEqual(fileBytes('topics.html'))
    expect(brotliRuns.count - before).toBe(1)
  })

  it('compresses the 404 page once for every URL that is not found', async () => {
    const headers = { 'accept-encoding': 'br' }
    await request('/missing-1', headers)
    const before = brotliRuns.count
    for (const path of ['/missing-2', '/topics/missing-3', '/404']) expect((await request(path, headers)).status).toBe(404)
    expect(brotliRuns.count).toBe(before)
  })
})
