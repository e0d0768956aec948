// Compression of what the build does not precompress: pages, the sitemap, robots.txt. A site may have
// 50,000 pages, and brotli at its best quality costs about 16 ms a page, so the build leaves pages
// alone and the server compresses each one the first time it is asked for, then keeps the result in
// memory (least recently used first out, bounded in bytes). Hashed assets keep their .br/.gz files.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/
/** Smaller bodies gain less than the encoding's own overhead. */
const MIN_BYTES = 1024
const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

type Encoding = 'br' | 'gzip'

/** The best encoding the request accepts: brotli, else gzip, else none; `;q=0` refuses one, `*` accepts both. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const quality = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    if (!name) continue
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined)
    quality.set(name, q === undefined ? 1 : Number(q))
  }
  const accepts = (name: Encoding) => (quality.get(name) ?? quality.get('*') ?? 0) > 0
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined
}

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 9 })
  return brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
}

function addVary(headers: Headers): void {
  const vary = headers.get('Vary')
  if (!vary) headers.set('Vary', 'Accept-Encoding')
  else if (!/\baccept-encoding\b/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`)
}

/** Compresses text responses on first request; the key is the body's digest, so a rebuilt file is never served stale. */
export function compressOnDemand({ maxCacheBytes = 64 * 1024 * 1024 } = {}): MiddlewareHandler {
  const cache = new Map<string, Promise<Buffer>>()
  const sizes = new Map<string, number>()
  let cachedBytes = 0
  const remember = (key: string, compressed: Buffer) => {
    sizes.set(key, compressed.length)
    cachedBytes += compressed.length
    for (const [oldest, size] of sizes) {
      if (cachedBytes <= maxCacheBytes) break
      cache.delete(oldest)
      sizes.delete(oldest)
      cachedBytes -= size
    }
  }
  return async (c, next) => {
    await next()
    const response = c.res
    const type = response.headers.get('Content-Type') ?? ''
    if (!COMPRESSIBLE.test(type) || (response.status !== 200 && response.status !== 404)) return
    addVary(response.headers)
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'))
    if (!encoding || response.headers.has('Content-Encoding') || c.req.header('Range') || !response.body) return
    const body = Buffer.from(await response.arrayBuffer())
    if (body.length < MIN_BYTES) {
      c.res = new Response(new Uint8Array(body), response)
      return
    }
    const key = `${encoding}:${createHash('sha1').update(body).digest('base64')}`
    let compressed = cache.get(key)
    if (compressed) {
      // Most recently used goes last.
      cache.delete(key)
      cache.set(key, compressed)
    } else {
      compressed = compress(body, encoding)
      cache.set(key, compressed)
      compressed.then((bytes) => remember(key, bytes), () => cache.delete(key))
    }
    const headers = new Headers(response.headers)
    headers.set('Content-Encoding', encoding)
    headers.delete('Content-Length')
    c.res = new Response(c.req.method === 'HEAD' ? null : new Uint8Array(await compressed), { status: response.status, headers })
  }
}
