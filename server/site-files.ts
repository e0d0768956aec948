// The site's files answered from memory, by serveStatic's rules. Not serveStatic with compress(): it gzips each page on every
// request, 844 and 1,395 requests/s for / and a topic page against 11,989 and 17,121 here (2026-12-02, 200 connections).
import { join } from 'node:path'
import type { Context } from 'hono'
import { CACHE_CONTROL, fileOfPath } from '../lib/universal/routes'
import { compressBody, isCompressible, MIN_BODY_BYTES, preferredEncoding, type Encoding } from '../lib/node/compression.server'
import { formTimingCookie } from './form-timing'
import {
  routeOf,
  SiteFileCache,
  streamOf,
  type Bytes,
  type Copy,
  type PrecompressedCopy,
  type Route,
  type SiteFile,
  type SiteFileCacheOptions,
} from './site-file-cache'

export interface SiteFilesOptions extends SiteFileCacheOptions {
  root: string
  headers: Readonly<Record<string, string>>
  /** Answered while `404.html` cannot be read. */
  notFoundHtml: string
}

/** `.`, `..`, doubled slashes and backslashes: never a file of the site. */
const UNSAFE_PATH = /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/
const NOT_FOUND_TYPE = 'text/html; charset=UTF-8'

/** The app's header middleware leaves these as they are. */
const siteAnswers = new WeakSet<Response>()

export const isSiteAnswer = (response: Response) => siteAnswers.has(response)

export class SiteFiles {
  private readonly files: SiteFileCache
  private readonly lastCookie: Array<{ at: number; value: string } | undefined> = [undefined, undefined]

  constructor(private readonly options: SiteFilesOptions) {
    this.files = new SiteFileCache(options)
  }

  async servePath(c: Context): Promise<Response> {
    const path = c.req.path
    // serveStatic's rules: no percent left after Hono decoded the path, no dot segment, no doubled slash.
    if (path.includes('%') || UNSAFE_PATH.test(path)) return this.notFound(c)
    return this.serveFile(c, fileOfPath(path))
  }

  async serveFile(c: Context, file: string): Promise<Response> {
    const entry = await this.files.get(join(this.options.root, file))
    return entry ? this.answer(c, entry) : this.notFound(c)
  }

  async notFound(c: Context): Promise<Response> {
    const entry = await this.files.get(join(this.options.root, '404.html'))
    const headers: Record<string, string> = {
      ...this.options.headers,
      'Content-Type': NOT_FOUND_TYPE,
      'Cache-Control': CACHE_CONTROL.page,
      Vary: 'Accept-Encoding',
    }
    const body = entry?.body ?? new Uint8Array(Buffer.from(this.options.notFoundHtml))
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'))
    if (!encoding || c.req.header('Range') || body.byteLength < MIN_BODY_BYTES) return siteAnswer(body, 404, headers)
    const compressed = entry?.body ? await this.files.compressed(entry, encoding) : await compressBody(body, encoding)
    headers['Content-Encoding'] = encoding
    headers['Content-Length'] = String(compressed.byteLength)
    return siteAnswer(compressed, 404, headers)
  }

  private async answer(c: Context, entry: SiteFile): Promise<Response> {
    const head = c.req.method === 'HEAD'
    const range = c.req.header('Range')
    const acceptEncoding = c.req.header('Accept-Encoding')
    const copy = precompressedCopy(entry, acceptEncoding)
    if (range && !head) return this.part(entry, copy, range)
    const route = routeOf(entry, c.req.path)
    // Not a range (a HEAD may name one too), not a precompressed copy, big enough to gain.
    const encoding = route.compressible && !range && !copy && entry.body && entry.size >= MIN_BODY_BYTES ? preferredEncoding(acceptEncoding) : undefined
    const compressed = encoding && !head ? await this.files.compressed(entry, encoding) : undefined
    const headers = this.wholeHeaders(entry, route, head, copy, encoding, compressed?.byteLength)
    if (head) return siteAnswer(null, 200, headers)
    const body = compressed ?? (copy ?? entry).body ?? streamOf(copy ?? entry, 0, (copy ?? entry).size - 1)
    // A whole page as the file holds it (not a HEAD, a range or a precompressed copy) that carries the form.
    if (route.html && entry.hasForm && !copy) return siteAnswer(body, 200, { ...headers, 'Set-Cookie': this.cookie(c.req.url.startsWith('https:')) })
    return siteAnswer(body, 200, headers)
  }

  /** Made once per variant while the entry is held. */
  private wholeHeaders(entry: SiteFile, route: Route, head: boolean, copy?: PrecompressedCopy, encoding?: Encoding, compressedLength?: number) {
    const key = `${copy?.encoding ?? ''} ${encoding ?? ''} ${head} ${compressedLength ?? ''}`
    const made = route.variants.get(key)
    if (made) return made
    const headers = this.fileHeaders(entry, copy)
    headers['Content-Length'] = String((copy ?? entry).size)
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

  /** Never compressed here; no feed or twin headers, no Cache-Control. */
  private part(entry: SiteFile, copy: PrecompressedCopy | undefined, range: string): Response {
    const served: Copy = copy ?? entry
    const headers = this.fileHeaders(entry, copy)
    if (copy || isCompressible(entry.contentType)) headers.Vary = 'Accept-Encoding'
    headers['Accept-Ranges'] = 'bytes'
    const part = byteRange(range, served.size)
    if (!part) {
      headers['Content-Range'] = `bytes */${served.size}`
      return siteAnswer(null, 416, headers)
    }
    headers['Content-Length'] = String(part.end - part.start + 1)
    headers['Content-Range'] = `bytes ${part.start}-${part.end}/${served.size}`
    return siteAnswer(served.body?.subarray(part.start, part.end + 1) ?? streamOf(served, part.start, part.end), 206, headers)
  }

  private fileHeaders(entry: SiteFile, copy: PrecompressedCopy | undefined): Record<string, string> {
    const headers: Record<string, string> = { ...this.options.headers, 'Content-Type': entry.contentType, 'Last-Modified': (copy ?? entry).lastModified }
    if (copy) headers['Content-Encoding'] = copy.encoding
    return headers
  }

  /** Signed once per clock tick, however many pages are served in it. */
  private cookie(secure: boolean): string {
    const now = this.options.now()
    const last = this.lastCookie[secure ? 1 : 0]
    if (last?.at === now) return last.value
    const value = formTimingCookie(now, secure)
    this.lastCookie[secure ? 1 : 0] = { at: now, value }
    return value
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

/** As serveStatic reads it: one range, `bytes=0-99`, `bytes=100-` or `bytes=-100` (else the whole file); undefined when unsatisfiable. */
function byteRange(range: string, size: number): { start: number; end: number } | undefined {
  const [, first = '', last = ''] = /^(?:bytes=)?(?!-$)(\d*)-(\d*)$/.exec(range) ?? []
  if (size === 0) return undefined
  if (first === '' && last !== '') return Number(last) === 0 ? undefined : { start: Math.max(size - Number(last), 0), end: size - 1 }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  return start >= size || start > end ? undefined : { start, end }
}
