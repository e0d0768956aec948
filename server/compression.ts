// Compresses text responses the build left uncompressed (the pages, sitemap.xml, robots.txt, the CSP
// hashes): the build precompresses only the code bundle, since brotli 11 on every one of tens of
// thousands of pages would cost minutes. Each file is compressed once, off the event loop, on its first
// request, and kept in memory until it changes or the cache needs the room.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'

export interface CompressionOptions {
  /** The most compressed bytes kept in memory, least recently used dropped first. */
  maxCacheBytes?: number
}

export type Encoding = 'br' | 'gzip'
/** What a Response can send as its body. */
type Bytes = Uint8Array<ArrayBuffer>

const DEFAULT_MAX_CACHE_BYTES = 64 * 1024 * 1024
/** Below this, compression saves less than its headers and CPU cost. */
const MIN_BODY_BYTES = 1024
const COMPRESSED_STATUSES = new Set([200, 404])
const COMPRESSIBLE_TYPES = new Set([
  'text/html',
  'text/css',
  'text/plain',
  'text/xml',
  'application/xml',
  'application/json',
  'application/javascript',
  'text/javascript',
  'image/svg+xml',
  'application/manifest+json',
  // The blog's feeds and the pages' markdown twins (lib/universal/alternates.ts).
  'application/rss+xml',
  'application/atom+xml',
  'application/feed+json',
  'text/markdown',
])

const servedFiles = new WeakMap<Context, string>()

/**
 * Names the file a response was read from (serveStatic's `onFound` has this signature), so that every
 * URL answered by it (`/dashboard/*`, every 404) shares one cache entry instead of one per URL.
 */
export function recordServedFile(file: string, c: Context): void {
  servedFiles.set(c, file)
}

/** Compresses compressible 200 and 404 answers with brotli or gzip, as the request accepts, cached by file. */
export function compressOnDemand({ maxCacheBytes = DEFAULT_MAX_CACHE_BYTES }: CompressionOptions = {}): MiddlewareHandler {
  const cache = new CompressionCache(maxCacheBytes)
  return async (c, next) => {
    await next()
    const { res } = c
    if (!isCompressible(res.headers.get('Content-Type'))) return
    addVaryAcceptEncoding(res.headers)
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'))
    if (!encoding || !mayCompress(c, res)) return
    if (res.body === null) {
      // HEAD of a file: serveStatic sends its headers only, so announce the encoding a GET would get.
      markEncoded(res.headers, encoding)
      return
    }
    const body = new Uint8Array(await res.arrayBuffer())
    if (body.byteLength < MIN_BODY_BYTES) {
      c.res = new Response(body, res)
      return
    }
    const key = `${encoding} ${servedFiles.get(c) ?? c.req.path}`
    const validator = res.headers.get('ETag') ?? sha1(body)
    const compressed = await cache.getOrCompress(key, validator, () => compressBody(body, encoding))
    // Hono copies the old response's headers onto the new one, so adjust them after the swap.
    c.res = new Response(compressed, res)
    markEncoded(c.res.headers, encoding)
    c.res.headers.set('Content-Length', String(compressed.byteLength))
  }
}

function isCompressible(contentType: string | null): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  return mediaType !== undefined && COMPRESSIBLE_TYPES.has(mediaType)
}

/** Not already encoded (a precompressed asset), a full 200 or 404, and not known to be too small. */
function mayCompress(c: Context, res: Response): boolean {
  if (res.headers.has('Content-Encoding') || !COMPRESSED_STATUSES.has(res.status) || c.req.header('Range')) return false
  const declaredLength = res.headers.get('Content-Length')
  if (declaredLength !== null) return Number(declaredLength) >= MIN_BODY_BYTES
  return res.body !== null
}

/** Caches must keep the compressed and uncompressed answers apart, whichever this one is. */
function addVaryAcceptEncoding(headers: Headers): void {
  const vary = headers.get('Vary')
  if (!vary) return headers.set('Vary', 'Accept-Encoding')
  const names = vary.split(',').map((name) => name.trim().toLowerCase())
  if (!names.includes('accept-encoding') && !names.includes('*')) headers.set('Vary', `${vary}, Accept-Encoding`)
}

function markEncoded(headers: Headers, encoding: Encoding): void {
  headers.set('Content-Encoding', encoding)
  headers.delete('Content-Length')
}

/** The encoding the request accepts with the highest q-value, brotli on a tie; `*` stands for any unnamed one. */
function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const weights = acceptedWeights(acceptEncoding ?? '')
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0
  const [brWeight, gzipWeight] = [weightOf('br'), weightOf('gzip')]
  if (brWeight > 0 && brWeight >= gzipWeight) return 'br'
  return gzipWeight > 0 ? 'gzip' : undefined
}

/** `br;q=0.8, gzip` → br 0.8, gzip 1; entries with an unreadable q-value are left out. */
function acceptedWeights(acceptEncoding: string): Map<string, number> {
  const weights = new Map<string, number>()
  for (const entry of acceptEncoding.split(',')) {
    const [coding = '', ...params] = entry.split(';').map((part) => part.trim())
    if (!coding) continue
    const q = params.find((param) => /^q\s*=/i.test(param))
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim())
    if (Number.isFinite(weight) && weight >= 0 && weight <= 1) weights.set(coding.toLowerCase(), weight)
  }
  return weights
}

const sha1 = (body: Uint8Array) => createHash('sha1').update(body).digest('base64')

const brotliCompressAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The smallest output either format offers: the body is compressed once, then served many times. Also the build's, for the bundle's files. */
export async function compressBody(body: Uint8Array, encoding: Encoding): Promise<Bytes> {
  const compressed =
    encoding === 'gzip'
      ? await gzipAsync(body, { level: constants.Z_BEST_COMPRESSION })
      : await brotliCompressAsync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
  return new Uint8Array(compressed) // copied once into a plain ArrayBuffer, the kind a Response body takes
}

interface CacheEntry {
  /** What the bytes were made from: a different one means the file changed. */
  validator: string
  /** Shared by every request that arrives while the compression still runs. */
  bytes: Promise<Bytes>
  /** Counted once the compression is done. */
  size: number
}

/** Compressed bodies by file and encoding, bounded by their total size, least recently used evicted first. */
class CompressionCache {
  private readonly entries = new Map<string, CacheEntry>()
  private totalBytes = 0

  constructor(private readonly maxBytes: number) {}

  /** The bytes cached for `key` if made from `validator`, else those `compress` makes, cached for next time. */
  getOrCompress(key: string, validator: string, compress: () => Promise<Bytes>): Promise<Bytes> {
    const cached = this.entries.get(key)
    if (cached?.validator === validator) {
      this.entries.delete(key)
      this.entries.set(key, cached) // now the most recently used
      return cached.bytes
    }
    if (cached) this.delete(key, cached)
    const entry: CacheEntry = { validator, bytes: compress(), size: 0 }
    this.entries.set(key, entry)
    entry.bytes.then(
      (bytes) => this.account(key, entry, bytes.byteLength),
      () => this.forget(key, entry),
    )
    return entry.bytes
  }

  /** A failed compression is not cached: the next request tries again. */
  private forget(key: string, entry: CacheEntry): void {
    if (this.entries.get(key) === entry) this.delete(key, entry)
  }

  private account(key: string, entry: CacheEntry, size: number): void {
    if (this.entries.get(key) !== entry) return
    entry.size = size
    this.totalBytes += size
    for (const [oldestKey, oldest] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break
      this.delete(oldestKey, oldest)
    }
  }

  private delete(key: string, entry: CacheEntry): void {
    this.entries.delete(key)
    this.totalBytes -= entry.size
  }
}
