import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../server/app'
import { compressBody } from '../../lib/node/compression.server'
import { formTimingCookie } from '../../server/form-timing'
import { writeMiniatureSite } from './routing-table'

// The site's files are answered from memory (server/site-files.ts, site-file-cache.ts): read once, compressed once, checked on
// disk again once a second. What a visitor must see: the file as it is on disk, compressed as the browser asks, a rebuild
// included, within that second; the memory bound kept. Counting brotli runs shows what is compressed again.
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
const page = (title: string, extra = '') =>
  `<!doctype html><title>${title}</title>${extra}\n${Array.from({ length: 200 }, (_, i) => `<p>${title}, paragraph ${i}.</p>`).join('\n')}`
const FORM = '<form method="post" action="/api/score"></form>'

const site = writeMiniatureSite()
afterAll(site.remove)
const write = (file: string, content: string | Buffer) => writeFileSync(join(site.clientDir, file), content)
const fileBytes = (file: string) => readFileSync(join(site.clientDir, file))

let clock = 0
const app = createApp({ clientDir: site.clientDir, now: () => clock })
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => app.request(path, { method, headers })

async function decodedBody(response: Response): Promise<Buffer> {
  const body = Buffer.from(await response.arrayBuffer())
  const encoding = response.headers.get('content-encoding')
  if (encoding === 'br') return brotliDecompressSync(body)
  if (encoding === 'gzip') return gunzipSync(body)
  expect(encoding).toBeNull()
  return body
}

// The build precompresses only the code bundle; the server compresses the pages, the sitemap and the like itself
// (lib/node/compression.server.ts). Run first, before the tests below change the files on disk.
write('index.html', page('Home'))
write('404.html', page('Not found'))
write('topics.html', page('Topics'))
const ASSET = 'assets/entries/page.abc123.js'
const assetSource = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word${i}`))}\n`
write(ASSET, assetSource)
write(`${ASSET}.br`, brotliCompressSync(assetSource))
write(`${ASSET}.gz`, gzipSync(assetSource))
const varyNames = (response: Response) => (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase())

describe('compression of the files the build leaves uncompressed', () => {
  const negotiations: [acceptEncoding: string | undefined, encoding: string | null][] = [
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    [undefined, null],
  ]
  for (const [acceptEncoding, encoding] of negotiations) {
    it(`answers ${acceptEncoding === undefined ? 'no accept-encoding' : `\`accept-encoding: ${acceptEncoding}\``} with ${encoding ?? 'the page as it is'}, byte for byte the page, its length said`, async () => {
      const response = await get('/', acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-encoding')).toBe(encoding)
      const body = Buffer.from(await response.clone().arrayBuffer())
      expect(Number(response.headers.get('content-length'))).toBe(body.byteLength)
      expect(await decodedBody(response)).toEqual(fileBytes('index.html'))
    })
  }

  it.each([
    ['leaves a file under 1 KB as it is', '/robots.txt', null, 'robots.txt'],
    ["still serves a precompressed asset from the build's .br file", `/${ASSET}`, 'br', `${ASSET}.br`],
  ])('%s', async (_title, path, encoding, file) => {
    const response = await get(path, { 'accept-encoding': 'br, gzip' })
    expect(response.headers.get('content-encoding')).toBe(encoding)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(fileBytes(file))
  })

  it('names Accept-Encoding in Vary exactly once, compressed here, precompressed or not compressed, whatever the browser asks', async () => {
    for (const path of ['/', `/${ASSET}`, '/robots.txt', '/no-such-page']) {
      for (const acceptEncoding of ['br', 'identity', undefined]) {
        const response = await get(path, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {})
        expect(
          varyNames(response).filter((name) => name === 'accept-encoding'),
          `${path} ${acceptEncoding}`,
        ).toHaveLength(1)
      }
    }
  })

  it('compresses a page once for all the visitors who ask for it at the same time, and not again after', async () => {
    const headers = { 'accept-encoding': 'br' }
    const before = brotliRuns.count
    const responses = await Promise.all([1, 2, 3].map(() => get('/topics', headers)))
    responses.push(await get('/topics', headers))
    for (const response of responses) expect(await decodedBody(response)).toEqual(fileBytes('topics.html'))
    expect(brotliRuns.count - before).toBe(1)
  })

  it('compresses the 404 page too, keeping its status, and once for every URL that is not found', async () => {
    const headers = { 'accept-encoding': 'br' }
    const first = await get('/missing-1', headers)
    expect([first.status, first.headers.get('content-encoding')]).toEqual([404, 'br'])
    expect(await decodedBody(first)).toEqual(fileBytes('404.html'))
    const before = brotliRuns.count
    for (const path of ['/missing-2', '/topics/missing-3', '/404']) expect((await get(path, headers)).status).toBe(404)
    expect(brotliRuns.count).toBe(before)
  })
})

describe('a file changed on disk', () => {
  it('is served as it was read for up to a second, then as it is now, compressed or not', async () => {
    write('topics/topic-a.html', page('Topic A'))
    clock += 1000
    expect((await decodedBody(await get('/topics/topic-a', { 'accept-encoding': 'br' }))).toString()).toBe(page('Topic A'))
    write('topics/topic-a.html', page('Topic A, rebuilt'))
    clock += 999
    expect((await decodedBody(await get('/topics/topic-a', { 'accept-encoding': 'br' }))).toString()).toBe(page('Topic A'))
    clock += 1
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const response = await get('/topics/topic-a', { 'accept-encoding': acceptEncoding })
      expect((await decodedBody(response)).toString(), acceptEncoding).toBe(page('Topic A, rebuilt'))
    }
  })

  it('is seen by its modification time even when its size stays the same', async () => {
    write('testimonials.html', page('Version 1'))
    clock += 1000
    expect(await (await get('/testimonials')).text()).toBe(page('Version 1'))
    write('testimonials.html', page('Version 2'))
    const later = new Date(Date.now() + 60_000)
    utimesSync(join(site.clientDir, 'testimonials.html'), later, later)
    clock += 1000
    const response = await get('/testimonials')
    expect(await response.text()).toBe(page('Version 2'))
    expect(response.headers.get('last-modified')).toBe(later.toUTCString())
  })

  it('is a 404 once it is deleted, and served as soon as it is written again', async () => {
    write('thank-you.html', page('Thanks'))
    clock += 1000
    expect((await get('/thank-you')).status).toBe(200)
    rmSync(join(site.clientDir, 'thank-you.html'))
    clock += 1000
    expect((await get('/thank-you')).status).toBe(404)
    write('thank-you.html', page('Thanks again'))
    expect(await (await get('/thank-you')).text()).toBe(page('Thanks again'))
  })

  it("sends the build's new precompressed copy of an asset once it changes", async () => {
    // Of different sizes, so each write is seen whatever the file system's clock resolution.
    const version = (n: number) => `export const version = ${'9'.repeat(n)}\n`.repeat(100)
    for (const n of [1, 2]) {
      write(ASSET, version(n))
      write(`${ASSET}.br`, brotliCompressSync(version(n)))
      clock += 1000
      const response = await get(`/${ASSET}`, { 'accept-encoding': 'br, gzip' })
      expect(response.headers.get('content-encoding')).toBe('br')
      expect(Buffer.from(await response.arrayBuffer())).toEqual(fileBytes(`${ASSET}.br`))
      expect(brotliDecompressSync(fileBytes(`${ASSET}.br`)).toString()).toBe(version(n))
    }
    rmSync(join(site.clientDir, `${ASSET}.br`))
  })

  it('sets the form-timing cookie once the page carries the form, and no longer once it does not', async () => {
    const setCookie = async () => (await get('/privacy-policy')).headers.get('set-cookie')
    write('privacy-policy.html', page('Privacy'))
    clock += 1000
    expect(await setCookie()).toBeNull()
    write('privacy-policy.html', page('Privacy', FORM))
    clock += 1000
    expect(await setCookie()).toBe(formTimingCookie(clock, false))
    expect((await get('/privacy-policy')).headers.get('cache-control')).toBe('private, no-cache')
    // Stamped with the time it is served, though the page is held in memory.
    clock += 5
    expect(await setCookie()).toBe(formTimingCookie(clock, false))
    write('privacy-policy.html', page('Privacy'))
    clock += 1000
    expect(await setCookie()).toBeNull()
    expect((await get('/privacy-policy')).headers.get('cache-control')).toBe('no-cache')
  })

  it('changes the 404 page too', async () => {
    write('404.html', page('Lost'))
    clock += 1000
    expect((await decodedBody(await get('/no-such-page', { 'accept-encoding': 'br' }))).toString()).toBe(page('Lost'))
    write('404.html', page('Lost, rebuilt'))
    clock += 1000
    const response = await get('/no-such-page', { 'accept-encoding': 'br' })
    expect(response.status).toBe(404)
    expect((await decodedBody(response)).toString()).toBe(page('Lost, rebuilt'))
  })
})

describe('parts of a file', () => {
  it('answers a range with its bytes, uncompressed, a suffix range with the last bytes, and a range past the end with 416 and the size', async () => {
    write('blog/post-a.html', page('Post A'))
    clock += 1000
    const size = fileBytes('blog/post-a.html').byteLength
    const first = await get('/blog/post-a', { range: 'bytes=0-99', 'accept-encoding': 'br, gzip' })
    expect([first.status, first.headers.get('content-encoding')]).toEqual([206, null])
    expect(Buffer.from(await first.arrayBuffer())).toEqual(fileBytes('blog/post-a.html').subarray(0, 100))
    const suffix = await get('/blog/post-a', { range: 'bytes=-10', 'accept-encoding': 'br' })
    expect(suffix.status).toBe(206)
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`)
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(fileBytes('blog/post-a.html').subarray(size - 10))
    const past = await get('/blog/post-a', { range: `bytes=${size}-` })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`)
  })

  it('answers HEAD of a page compressed here, and of a precompressed asset, with the headers of a GET and no body', async () => {
    const home = await get('/', { 'accept-encoding': 'br, gzip' }, 'HEAD')
    expect([home.status, home.headers.get('content-encoding'), await home.text()]).toEqual([200, 'br', ''])
    expect(home.headers.get('content-type')).toMatch(/^text\/html/)

    const source = 'export const x = 1\n'.repeat(100)
    write(ASSET, source)
    write(`${ASSET}.br`, brotliCompressSync(source))
    clock += 1000
    const head = await get(`/${ASSET}`, { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-encoding')).toBe('br')
    expect(Number(head.headers.get('content-length'))).toBe(fileBytes(`${ASSET}.br`).byteLength)
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await head.text()).toBe('')
    rmSync(join(site.clientDir, `${ASSET}.br`))
  })
})

describe('the memory bound', () => {
  const titles = ['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5']

  it('keeps at most maxCacheBytes of files and compressed copies, dropping the least recently used first', async () => {
    for (const title of titles) write(`${title.replace(' ', '-')}.txt`, page(title))
    const held = await Promise.all(
      titles.map(async (title) => Buffer.byteLength(page(title)) + (await compressBody(Buffer.from(page(title)), 'br')).byteLength),
    )
    // Room for four files with their brotli copies, not five.
    const small = createApp({ clientDir: site.clientDir, maxCacheBytes: Math.floor(4.5 * Math.max(...held)) })
    const before = brotliRuns.count
    for (const n of [1, 2, 3, 4, 1, 5, 1, 2]) {
      const response = await small.request(`/Page-${n}.txt`, { headers: { 'accept-encoding': 'br' } })
      expect((await decodedBody(response)).toString()).toBe(page(`Page ${n}`))
    }
    // Page 5's arrival drops Page 2, the least recently used (Page 1 was just asked for), so only Page 2 is compressed twice.
    expect(brotliRuns.count - before).toBe(6)
  })

  it('streams a file too big to hold from disk, byte for byte, whole or in part', async () => {
    write('big.txt', page('Big'))
    const tiny = createApp({ clientDir: site.clientDir, maxCacheBytes: 4 * 1024 })
    const whole = await tiny.request('/big.txt', { headers: { 'accept-encoding': 'br, gzip' } })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-encoding')).toBeNull()
    expect(Number(whole.headers.get('content-length'))).toBe(fileBytes('big.txt').byteLength)
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(fileBytes('big.txt'))
    const part = await tiny.request('/big.txt', { headers: { range: 'bytes=100-199' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(fileBytes('big.txt').subarray(100, 200))
  })
})
