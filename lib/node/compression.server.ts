// The build precompresses only the code bundle with it (brotli 11 on every page would cost minutes): hence lib/.
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { getMimeType } from 'hono/utils/mime'

export type Encoding = 'br' | 'gzip'
type Bytes = Uint8Array<ArrayBuffer>

/** Below this, compression saves less than its headers and CPU cost. */
export const MIN_BODY_BYTES = 1024
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
  'application/rss+xml',
  'application/atom+xml',
  'application/feed+json',
  'text/markdown',
])

export function isCompressible(contentType: string | null | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  return mediaType !== undefined && COMPRESSIBLE_TYPES.has(mediaType)
}

export function isCompressibleFile(path: string): boolean {
  return isCompressible(getMimeType(path))
}

/** Browsers send a handful of Accept-Encoding values: each is read once, up to this many kept at a time. */
const MAX_KNOWN_ACCEPT_ENCODINGS = 64
const preferredByAcceptEncoding = new Map<string, Encoding | undefined>()

/** The encoding the request accepts with the highest q-value, brotli on a tie; `*` stands for any unnamed one. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const value = acceptEncoding ?? ''
  if (preferredByAcceptEncoding.has(value)) return preferredByAcceptEncoding.get(value)
  const weights = acceptedWeights(value)
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0
  const [brWeight, gzipWeight] = [weightOf('br'), weightOf('gzip')]
  const preferred = brWeight > 0 && brWeight >= gzipWeight ? 'br' : gzipWeight > 0 ? 'gzip' : undefined
  if (preferredByAcceptEncoding.size >= MAX_KNOWN_ACCEPT_ENCODINGS) preferredByAcceptEncoding.clear()
  preferredByAcceptEncoding.set(value, preferred)
  return preferred
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

const brotliCompressAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The smallest output (or brotli at a lower `quality`, for many files at once): a body is compressed once, then served many times. */
export async function compressBody(body: Uint8Array, encoding: Encoding, quality: number = constants.BROTLI_MAX_QUALITY): Promise<Bytes> {
  const compressed =
    encoding === 'gzip'
      ? await gzipAsync(body, { level: constants.Z_BEST_COMPRESSION })
      : await brotliCompressAsync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
  return new Uint8Array(compressed) // copied once into a plain ArrayBuffer, the kind a Response body takes
}
