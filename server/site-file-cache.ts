// The site's files held in memory with the build's precompressed copies, compressed once per encoding, re-checked on disk at
// most once per `recheckMs` (a rebuild is served within it). Least recently used files are dropped first; one too big is streamed.
import { createReadStream, statSync, type Stats } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { getMimeType } from 'hono/utils/mime'
import { alternateFileHeaders } from '../lib/universal/alternate-headers'
import { cacheControlFor } from '../lib/universal/routes'
import { compressBody, isCompressible, type Encoding } from '../lib/node/compression.server'
import { carriesScoreForm } from './form-timing'

export type Bytes = Uint8Array<ArrayBuffer>

export interface Copy {
  path: string
  size: number
  lastModified: string
  /** Undefined for a file too big to hold: it is streamed from disk. */
  body: Bytes | undefined
}

export type PrecompressedCopy = Copy & { encoding: Precompression }

/** The build's precompressed copies beside a file, in the order a request naming several gets them. */
const PRECOMPRESSED = { br: '.br', zstd: '.zst', gzip: '.gz' } as const
type Precompression = keyof typeof PRECOMPRESSED

function precompressedPaths(path: string, contentType: string): Array<readonly [Precompression, string]> {
  // The build's copies are of compressible files and of the search index's, which have no known type.
  if (contentType !== 'application/octet-stream' && !isCompressible(contentType)) return []
  return (Object.keys(PRECOMPRESSED) as Precompression[]).map((encoding) => [encoding, `${path}${PRECOMPRESSED[encoding]}`] as const)
}

const fileStats = (path: string): Stats | undefined => statSync(path, { throwIfNoEntry: false })

const fileStamp = (stats: Stats | undefined) => (stats ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : '-')

function stampOf(path: string, siblings: ReadonlyArray<readonly [Precompression, string]>): string {
  const files = [path, ...siblings.map(([, sibling]) => sibling)]
  return files.map((file) => fileStamp(fileStats(file))).join(' ')
}

async function readCopy(path: string, stats: Stats, maxHeldBytes: number): Promise<Copy | undefined> {
  const lastModified = stats.mtime.toUTCString()
  if (stats.size > maxHeldBytes) return { path, size: stats.size, lastModified, body: undefined }
  try {
    const body = new Uint8Array(await readFile(path))
    return { path, size: body.byteLength, lastModified, body }
  } catch {
    return undefined
  }
}

export function streamOf(copy: Copy, start: number, end: number): ReadableStream<Uint8Array> | null {
  if (copy.size === 0) return null
  return Readable.toWeb(createReadStream(copy.path, { start, end })) as ReadableStream<Uint8Array>
}

export interface SiteFileCacheOptions {
  now: () => number
  /** The most bytes held: files, their precompressed copies and what is compressed here. */
  maxCacheBytes?: number
  recheckMs?: number
}

const DEFAULT_MAX_CACHE_BYTES = 64 * 1024 * 1024
const DEFAULT_RECHECK_MS = 1000
/** A file bigger than this share of the memory bound is streamed from disk: not compressed here, nor (a page) given the form cookie. */
const MAX_HELD_SHARE = 1 / 4

export interface SiteFile extends Copy {
  key: string
  contentType: string
  hasForm: boolean
  precompressed: readonly PrecompressedCopy[]
  /** Compressed here, shared by the requests that arrive while the compression runs. */
  compressed: Partial<Record<Encoding, Promise<Bytes>>>
  /** The file and its copies' identity on disk. */
  stamp: string
  checkedAt: number
  heldBytes: number
  route?: Route
}

/** Kept for the next request: a file is almost always asked for by one path. */
export function routeOf(entry: SiteFile, path: string): Route {
  if (entry.route?.path === path) return entry.route
  return (entry.route = newRoute(path, entry.contentType))
}

function newRoute(path: string, fileType: string) {
  const alternate = alternateFileHeaders(path)
  const contentType = alternate?.['Content-Type'] ?? fileType
  return {
    path,
    html: contentType.startsWith('text/html'),
    compressible: isCompressible(contentType),
    alternate,
    cacheControl: alternate?.['Cache-Control'] ?? cacheControlFor(path, contentType),
    variants: new Map<string, Record<string, string>>(),
  }
}
export type Route = ReturnType<typeof newRoute>

export class SiteFileCache {
  private readonly entries = new Map<string, SiteFile>()
  private readonly loading = new Map<string, Promise<SiteFile | undefined>>()
  private totalBytes = 0
  private readonly maxBytes: number
  private readonly maxHeldFileBytes: number
  private readonly recheckMs: number

  constructor(private readonly options: SiteFileCacheOptions) {
    this.maxBytes = options.maxCacheBytes ?? DEFAULT_MAX_CACHE_BYTES
    this.maxHeldFileBytes = Math.floor(this.maxBytes * MAX_HELD_SHARE)
    this.recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS
  }

  get(key: string): SiteFile | undefined | Promise<SiteFile | undefined> {
    const entry = this.entries.get(key)
    const now = this.options.now()
    if (entry && Math.abs(now - entry.checkedAt) < this.recheckMs) return this.touch(entry)
    const pending = this.loading.get(key)
    if (pending) return pending
    if (entry) {
      if (stampOf(entry.path, precompressedPaths(entry.path, entry.contentType)) === entry.stamp) {
        entry.checkedAt = now
        return this.touch(entry)
      }
      this.drop(entry)
    }
    const loaded = this.load(key, now).finally(() => this.loading.delete(key))
    this.loading.set(key, loaded)
    return loaded
  }

  compressed(entry: SiteFile, encoding: Encoding): Promise<Bytes> {
    const cached = entry.compressed[encoding]
    if (cached) return cached
    const made = compressBody(entry.body!, encoding)
    entry.compressed[encoding] = made
    made.then(
      (bytes) => {
        if (entry.compressed[encoding] === made) this.hold(entry, bytes.byteLength)
      },
      () => {
        // Not kept: the next request tries again.
        if (entry.compressed[encoding] === made) delete entry.compressed[encoding]
      },
    )
    return made
  }

  private touch(entry: SiteFile): SiteFile {
    this.entries.delete(entry.key)
    this.entries.set(entry.key, entry) // now the most recently used
    return entry
  }

  private async load(key: string, now: number): Promise<SiteFile | undefined> {
    let path = key
    let stats = fileStats(path)
    if (stats?.isDirectory()) {
      path = join(path, 'index.html')
      stats = fileStats(path)
    }
    if (!stats?.isFile()) return undefined
    const contentType = getMimeType(path) ?? 'application/octet-stream'
    const siblings = precompressedPaths(path, contentType)
    // Stamped before reading, so that a change made while reading is seen at the next check.
    const stamp = stampOf(path, siblings)
    const file = await readCopy(path, stats, this.maxHeldFileBytes)
    if (!file) return undefined
    const precompressed = (
      await Promise.all(
        siblings.map(async ([encoding, sibling]) => {
          const siblingStats = fileStats(sibling)
          const copy = siblingStats?.isFile() ? await readCopy(sibling, siblingStats, this.maxHeldFileBytes) : undefined
          return copy && { ...copy, encoding }
        }),
      )
    ).filter((copy) => copy !== undefined)
    const entry: SiteFile = {
      ...file,
      key,
      contentType,
      hasForm: file.body !== undefined && contentType.startsWith('text/html') && carriesScoreForm(file.body),
      precompressed,
      compressed: {},
      stamp,
      checkedAt: now,
      heldBytes: 0,
    }
    const current = this.entries.get(key)
    if (current) this.drop(current)
    this.entries.set(key, entry)
    const held = [file, ...precompressed].reduce((sum, copy) => sum + (copy.body?.byteLength ?? 0), 0)
    this.hold(entry, held)
    return entry
  }

  private hold(entry: SiteFile, bytes: number): void {
    if (this.entries.get(entry.key) !== entry) return
    entry.heldBytes += bytes
    this.totalBytes += bytes
    for (const oldest of this.entries.values()) {
      if (this.totalBytes <= this.maxBytes) break
      this.drop(oldest)
    }
  }

  private drop(entry: SiteFile): void {
    if (this.entries.get(entry.key) !== entry) return
    this.entries.delete(entry.key)
    this.totalBytes -= entry.heldBytes
    // Compressions still running are not counted once they end.
    entry.compressed = {}
  }
}
