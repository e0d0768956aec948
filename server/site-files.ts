// The prerendered site's files, answered from memory: each file is read once, with the precompressed
// copies the build left beside it, and compressed once per encoding off the event loop, on its first
// request; every answer is then made from those bytes and headers without touching the disk. A file is
// re-checked on disk (stat) at most once per `recheckMs`, so a rebuild while the server runs is served
// within that time. Memory is bounded: least recently used files are dropped first. The answers are those
// @hono/node-server's serveStatic gave with the form-timing, compression and feed-header middlewares around it.
import { createReadStream, statSync, type Stats } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { alternateFileHeaders } from '../lib/universal/alternate-headers'
import { CACHE_CONTROL, cacheControlFor, fileOfPath } from '../lib/universal/routes'
import { compressBody, isCompressible, MIN_BODY_BYTES, preferredEncoding, type Encoding } from '../lib/node/compression.server'
import { carriesScoreForm, formTimingCookie } from './form-timing'

export interface SiteFilesOptions {
  /** The prerendered site, `dist/client`. */
  root: string
  /** Sent with every answer: the security headers and the CSP (routes.ts responseHeaders). */
  headers: Readonly<Record<string, string>>
  /** The HTML answered with status 404 while `404.html` cannot be read (it was read as the server started). */
  notFoundHtml: string
  /** The clock that stamps the form-timing cookie and times the re-checks on disk. */
  now: () => number
  /** The most bytes held (files, their precompressed copies and what is compressed here), least recently used dropped first. */
  maxCacheBytes?: number
  /** How long a file is answered from memory before it is checked on disk again. */
  recheckMs?: number
}

/** What a Response can send as its body. */
type Bytes = Uint8Array<ArrayBuffer>
type Precompression = 'br' | 'zstd' | 'gzip'

const DEFAULT_MAX_CACHE_BYTES = 64 * 1024 * 1024
const DEFAULT_RECHECK_MS = 1000
/**
 * A file bigger than this share of the memory bound is not held: it is streamed from disk as it is there,
 * its precompressed copies honoured but not compressed here, and, were it a page, without the form cookie,
 * which needs the page's text.
 */
const MAX_HELD_SHARE = 1 / 4
/** The build's precompressed copies beside a file, in the order a request naming several gets them. */
const PRECOMPRESSED: ReadonlyArray<readonly [Precompression, string]> = [
  ['br', '.br'],
  ['zstd', '.zst'],
  ['gzip', '.gz'],
]
/** The media types whose precompressed copies are looked for (unknown types too), as @hono/node-server's serveStatic does. */
const PRECOMPRESSIBLE_TYPE =
  /^\s*(?:text\/[^;\s]+|application\/(?:javascript|json|xml|xml-dtd|ecmascript|dart|postscript|rtf|tar|toml|vnd\.dart|vnd\.ms-fontobject|vnd\.ms-opentype|wasm|x-httpd-php|x-javascript|x-ns-proxy-autoconfig|x-sh|x-tar|x-virtualbox-hdd|x-virtualbox-ova|x-virtualbox-ovf|x-virtualbox-vbox|x-virtualbox-vdi|x-virtualbox-vhd|x-virtualbox-vmdk|x-www-form-urlencoded)|font\/(?:otf|ttf)|image\/(?:bmp|vnd\.adobe\.photoshop|vnd\.microsoft\.icon|vnd\.ms-dds|x-icon|x-ms-bmp)|message\/rfc822|model\/gltf-binary|x-shader\/x-fragment|x-shader\/x-vertex|[^;\s]+?\+(?:json|text|xml|yaml))(?:[;\s]|$)/i
/** `.`, `..`, doubled slashes and backslashes: never a file of the site. */
const UNSAFE_PATH = /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/
/** The 404 answer's type, as Hono's c.html() sends it. */
const NOT_FOUND_TYPE = 'text/html; charset=UTF-8'

/** One file on disk as read: its bytes, unless too big to hold, and what its answers say about it. */
interface Copy {
  path: string
  size: number
  lastModified: string
  /** Undefined for a file too big to hold: it is streamed from disk. */
  body: Bytes | undefined
}

interface SiteFile extends Copy {
  /** The path it is held under: the file's, or its folder's for a folder's index.html. */
  key: string
  contentType: string
  /** The free-score form is in the page: it gets the form-timing cookie. */
  hasForm: boolean
  precompressed: readonly PrecompressedCopy[]
  /** Compressed here, shared by the requests that arrive while the compression runs. */
  compressed: Partial<Record<Encoding, Promise<Bytes>>>
  /** The file and its copies' identity on disk: a different one means the file changed. */
  stamp: string
  checkedAt: number
  /** Bytes counted against the memory bound. */
  heldBytes: number
  /** What the answers for the last request path that named this file say. */
  route?: Route
}

type PrecompressedCopy = Copy & { encoding: Precompression }

/** What a request path adds to a file's answers: a feed's or twin's own headers, its Cache-Control; and the header sets made for it. */
interface Route {
  path: string
  /** The Content-Type answered, the file's own unless the path names a feed or a twin. */
  contentType: string
  html: boolean
  compressible: boolean
  /** The feed's or twin's own headers. */
  alternate: Readonly<Record<string, string>> | undefined
  cacheControl: string
  variants: Map<string, Record<string, string>>
}

/**
 * The route of `path` to `entry`, kept for the next request: a file is almost always asked for by one path
 * (a page by its URL), so one is kept; an app-shell file asked for by many paths is worked out again.
 */
function routeOf(entry: SiteFile, path: string): Route {
  if (entry.route?.path === path) return entry.route
  const alternate = alternateFileHeaders(path)
  const contentType = alternate?.['Content-Type'] ?? entry.contentType
  const route: Route = {
    path,
    contentType,
    html: contentType.startsWith('text/html'),
    compressible: isCompressible(contentType),
    alternate,
    cacheControl: alternate?.['Cache-Control'] ?? cacheControlFor(path, contentType),
    variants: new Map(),
  }
  entry.route = route
  return route
}

/** A file too big to hold, or part of it, read from disk for this answer. */
function streamOf(copy: Copy, start: number, end: number): ReadableStream<Uint8Array> | null {
  if (copy.size === 0) return null
  return Readable.toWeb(createReadStream(copy.path, { start, end })) as ReadableStream<Uint8Array>
}

/** Answers built whole here: the app's header middleware leaves them as they are. */
const siteAnswers = new WeakSet<Response>()

export function isSiteAnswer(response: Response): boolean {
  return siteAnswers.has(response)
}

export class SiteFiles {
  private readonly entries = new Map<string, SiteFile>()
  private readonly loading = new Map<string, Promise<SiteFile | undefined>>()
  private totalBytes = 0
  /** The last cookie signed, over HTTP and over HTTPS. */
  private readonly lastCookie: Array<{ at: number; value: string } | undefined> = [undefined, undefined]
  private readonly maxBytes: number
  private readonly maxHeldFileBytes: number
  private readonly recheckMs: number

  constructor(private readonly options: SiteFilesOptions) {
    this.maxBytes = options.maxCacheBytes ?? DEFAULT_MAX_CACHE_BYTES
    this.maxHeldFileBytes = Math.floor(this.maxBytes * MAX_HELD_SHARE)
    this.recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS
  }

  /** The file a request path names (`/blog` → `blog.html`), answered; the 404 page when there is none. */
  async servePath(c: Context): Promise<Response> {
    const path = c.req.path
    // serveStatic's rules: no percent left after Hono decoded the path, no dot segment, no doubled slash.
    if (path.includes('%') || UNSAFE_PATH.test(path)) return this.notFound(c)
    return this.serveFile(c, fileOfPath(path))
  }

  /** `file` (relative to the site) answered, whatever the request path; the 404 page when it is missing. */
  async serveFile(c: Context, file: string): Promise<Response> {
    const entry = await this.get(join(this.options.root, file))
    return entry ? this.answer(c, entry) : this.notFound(c)
  }

  /** The 404 page with status 404, compressed as the request accepts. */
  async notFound(c: Context): Promise<Response> {
    const entry = await this.get(join(this.options.root, '404.html'))
    const headers: Record<string, string> = {
      ...this.options.headers,
      'Content-Type': NOT_FOUND_TYPE,
      'Cache-Control': CACHE_CONTROL.page,
      Vary: 'Accept-Encoding',
    }
    const body = entry?.body ?? new Uint8Array(Buffer.from(this.options.notFoundHtml))
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'))
    if (!encoding || c.req.header('Range') || body.byteLength < MIN_BODY_BYTES) return siteAnswer(body, 404, headers)
    const compressed = entry?.body ? await this.compressed(entry, encoding) : await compressBody(body, encoding)
    headers['Content-Encoding'] = encoding
    headers['Content-Length'] = String(compressed.byteLength)
    return siteAnswer(compressed, 404, headers)
  }

  /**
   * The answer @hono/node-server's serveStatic gave with the app's middlewares around it: the file or its
   * precompressed copy (HEAD and Range requests too), the feeds' and twins' own headers, the form-timing
   * cookie on a whole page that carries the form, then compression as negotiated and Cache-Control.
   */
  private async answer(c: Context, entry: SiteFile): Promise<Response> {
    const head = c.req.method === 'HEAD'
    const range = c.req.header('Range')
    const acceptEncoding = c.req.header('Accept-Encoding')
    const copy = precompressedCopy(entry, acceptEncoding)
    if (range && !head) return this.part(entry, copy, range)
    const route = routeOf(entry, c.req.path)
    // Not a range (a HEAD may name one too), not a precompressed copy, big enough to gain.
    const encoding = route.compressible && !range && !copy && entry.body && entry.size >= MIN_BODY_BYTES ? preferredEncoding(acceptEncoding) : undefined
    const compressed = encoding && !head ? await this.compressed(entry, encoding) : undefined
    const headers = this.wholeHeaders(entry, route, copy, encoding, head, compressed?.byteLength)
    if (head) return siteAnswer(null, 200, headers)
    const body = compressed ?? (copy ?? entry).body ?? streamOf(copy ?? entry, 0, (copy ?? entry).size - 1)
    // A whole page as the file holds it (not a HEAD, a range or a precompressed copy) that carries the form.
    if (route.html && entry.hasForm && !copy) return siteAnswer(body, 200, { ...headers, 'Set-Cookie': this.cookie(c.req.url.startsWith('https:')) })
    return siteAnswer(body, 200, headers)
  }

  /** The headers of a status-200 answer, made once per variant while the entry is held. */
  private wholeHeaders(
    entry: SiteFile,
    route: Route,
    copy: PrecompressedCopy | undefined,
    encoding: Encoding | undefined,
    head: boolean,
    compressedLength: number | undefined,
  ) {
    const key = `${copy?.encoding ?? ''} ${encoding ?? ''} ${head} ${compressedLength ?? ''}`
    const made = route.variants.get(key)
    if (made) return made
    const served: Copy = copy ?? entry
    const headers: Record<string, string> = { ...this.options.headers, 'Content-Type': entry.contentType, 'Last-Modified': served.lastModified }
    if (copy) headers['Content-Encoding'] = copy.encoding
    headers['Content-Length'] = String(served.size)
    Object.assign(headers, route.alternate)
    if (!head && !copy && route.html && entry.hasForm) headers['Cache-Control'] = CACHE_CONTROL.formPage
    headers['Cache-Control'] ??= route.cacheControl
    if (copy || route.compressible) headers.Vary = 'Accept-Encoding'
    if (encoding) {
      headers['Content-Encoding'] = encoding
      // A HEAD names the encoding a GET would get, and no length, as the compression did.
      if (compressedLength === undefined) delete headers['Content-Length']
      else headers['Content-Length'] = String(compressedLength)
    }
    route.variants.set(key, headers)
    return headers
  }

  /** A Range request's answer: the bytes asked for, never compressed here, or 416; no feed or twin headers, no Cache-Control. */
  private part(entry: SiteFile, copy: PrecompressedCopy | undefined, range: string): Response {
    const served: Copy = copy ?? entry
    const headers: Record<string, string> = { ...this.options.headers, 'Content-Type': entry.contentType, 'Last-Modified': served.lastModified }
    if (copy) headers['Content-Encoding'] = copy.encoding
    if (copy || isCompressible(entry.contentType)) headers.Vary = 'Accept-Encoding'
    headers['Accept-Ranges'] = 'bytes'
    const part = resolveByteRange(parseByteRange(range) ?? { type: 'open-ended', start: 0 }, served.size)
    if (!part) {
      headers['Content-Range'] = `bytes */${served.size}`
      return siteAnswer(null, 416, headers)
    }
    headers['Content-Length'] = String(part.end - part.start + 1)
    headers['Content-Range'] = `bytes ${part.start}-${part.end}/${served.size}`
    return siteAnswer(served.body?.subarray(part.start, part.end + 1) ?? streamOf(served, part.start, part.end), 206, headers)
  }

  /** The form-timing cookie for now: signed once per clock tick, however many pages are served in it. */
  private cookie(secure: boolean): string {
    const now = this.options.now()
    const last = this.lastCookie[secure ? 1 : 0]
    if (last?.at === now) return last.value
    const value = formTimingCookie(now, secure)
    this.lastCookie[secure ? 1 : 0] = { at: now, value }
    return value
  }

  /** The file at `path` (a folder: its index.html), from memory while fresh, else as it now is on disk. */
  private get(key: string): SiteFile | undefined | Promise<SiteFile | undefined> {
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
    const file = await this.read(path, stats)
    if (!file) return undefined
    const precompressed = (
      await Promise.all(
        siblings.map(async ([encoding, sibling]) => {
          const siblingStats = fileStats(sibling)
          const copy = siblingStats?.isFile() ? await this.read(sibling, siblingStats) : undefined
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
    this.hold(
      entry,
      [file, ...precompressed].reduce((sum, copy) => sum + (copy.body?.byteLength ?? 0), 0),
    )
    return entry
  }

  /** The file's bytes, or its size only when it is too big to hold; undefined when it went away meanwhile. */
  private async read(path: string, stats: Stats): Promise<Copy | undefined> {
    const lastModified = stats.mtime.toUTCString()
    if (stats.size > this.maxHeldFileBytes) return { path, size: stats.size, lastModified, body: undefined }
    try {
      const body = new Uint8Array(await readFile(path))
      return { path, size: body.byteLength, lastModified, body }
    } catch {
      return undefined
    }
  }

  /** The entry's body compressed with `encoding`, made once while the entry is held. */
  private compressed(entry: SiteFile, encoding: Encoding): Promise<Bytes> {
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

  /** Counts `bytes` more held by `entry`, then drops the least recently used files until within the bound. */
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

function siteAnswer(body: Bytes | ReadableStream<Uint8Array> | null, status: number, headers: Record<string, string>): Response {
  const response = new Response(body, { status, headers })
  siteAnswers.add(response)
  return response
}

/** The first precompressed copy, in PRECOMPRESSED order, whose encoding the request names exactly (serveStatic's rule: no q-values). */
function precompressedCopy(entry: SiteFile, acceptEncoding: string | undefined): PrecompressedCopy | undefined {
  if (entry.precompressed.length === 0 || !acceptEncoding) return undefined
  const named = new Set(acceptEncoding.split(',').map((coding) => coding.trim()))
  return entry.precompressed.find((copy) => named.has(copy.encoding))
}

function precompressedPaths(path: string, contentType: string): Array<readonly [Precompression, string]> {
  if (contentType !== 'application/octet-stream' && !PRECOMPRESSIBLE_TYPE.test(contentType)) return []
  return PRECOMPRESSED.map(([encoding, suffix]) => [encoding, `${path}${suffix}`] as const)
}

function fileStats(path: string): Stats | undefined {
  return statSync(path, { throwIfNoEntry: false })
}

/** Inode, size and modification time of the file and of each precompressed copy, or `-` for one that is not there. */
function stampOf(path: string, siblings: ReadonlyArray<readonly [Precompression, string]>): string {
  return [path, ...siblings.map(([, sibling]) => sibling)]
    .map((file) => {
      const stats = fileStats(file)
      return stats ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : '-'
    })
    .join(' ')
}

type ByteRange = { type: 'suffix'; length: number } | { type: 'open-ended'; start: number } | { type: 'bounded'; start: number; end: number }

/** `bytes=0-99`, `bytes=100-`, `bytes=-100`; undefined for anything else (then the whole file is sent as a range). */
function parseByteRange(range: string): ByteRange | undefined {
  const match = /^(?:bytes=)?(?!-$)(\d*)-(\d*)$/.exec(range)
  if (!match) return undefined
  const [, start = '', end = ''] = match
  if (start === '') return { type: 'suffix', length: Number(end) }
  if (end === '') return { type: 'open-ended', start: Number(start) }
  return { type: 'bounded', start: Number(start), end: Number(end) }
}

/** The first and last byte a range names in a file of `size` bytes, or undefined when it cannot be satisfied. */
function resolveByteRange(spec: ByteRange, size: number): { start: number; end: number } | undefined {
  if (size === 0) return undefined
  if (spec.type === 'suffix') return spec.length === 0 ? undefined : { start: Math.max(size - spec.length, 0), end: size - 1 }
  const end = spec.type === 'bounded' ? Math.min(spec.end, size - 1) : size - 1
  if (spec.start >= size || spec.start > end) return undefined
  return { start: spec.start, end }
}
