// The site's files as they are on disk, for the memory cache of server/site-file-cache.ts: a file read
// whole (or, too big to hold, its size alone, then streamed), the precompressed copies the build leaves
// beside it, and the stamp that tells when a file or one of its copies changed.
import { createReadStream, statSync, type Stats } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'

/** What a Response can send as its body. */
export type Bytes = Uint8Array<ArrayBuffer>
export type Precompression = 'br' | 'zstd' | 'gzip'

/** One file on disk as read: its bytes, unless too big to hold, and what its answers say about it. */
export interface Copy {
  path: string
  size: number
  lastModified: string
  /** Undefined for a file too big to hold: it is streamed from disk. */
  body: Bytes | undefined
}

export type PrecompressedCopy = Copy & { encoding: Precompression }

/** The build's precompressed copies beside a file, in the order a request naming several gets them. */
const PRECOMPRESSED: ReadonlyArray<readonly [Precompression, string]> = [
  ['br', '.br'],
  ['zstd', '.zst'],
  ['gzip', '.gz'],
]
/** The media types whose precompressed copies are looked for (unknown types too), as @hono/node-server's serveStatic does. */
const PRECOMPRESSIBLE_TYPE =
  /^\s*(?:text\/[^;\s]+|application\/(?:javascript|json|xml|xml-dtd|ecmascript|dart|postscript|rtf|tar|toml|vnd\.dart|vnd\.ms-fontobject|vnd\.ms-opentype|wasm|x-httpd-php|x-javascript|x-ns-proxy-autoconfig|x-sh|x-tar|x-virtualbox-hdd|x-virtualbox-ova|x-virtualbox-ovf|x-virtualbox-vbox|x-virtualbox-vdi|x-virtualbox-vhd|x-virtualbox-vmdk|x-www-form-urlencoded)|font\/(?:otf|ttf)|image\/(?:bmp|vnd\.adobe\.photoshop|vnd\.microsoft\.icon|vnd\.ms-dds|x-icon|x-ms-bmp)|message\/rfc822|model\/gltf-binary|x-shader\/x-fragment|x-shader\/x-vertex|[^;\s]+?\+(?:json|text|xml|yaml))(?:[;\s]|$)/i

/** Where the precompressed copies of a file of this type would be, in PRECOMPRESSED order; none for a type never precompressed. */
export function precompressedPaths(path: string, contentType: string): Array<readonly [Precompression, string]> {
  if (contentType !== 'application/octet-stream' && !PRECOMPRESSIBLE_TYPE.test(contentType)) return []
  return PRECOMPRESSED.map(([encoding, suffix]) => [encoding, `${path}${suffix}`] as const)
}

export function fileStats(path: string): Stats | undefined {
  return statSync(path, { throwIfNoEntry: false })
}

/** Inode, size and modification time of the file and of each precompressed copy, or `-` for one that is not there. */
export function stampOf(path: string, siblings: ReadonlyArray<readonly [Precompression, string]>): string {
  return [path, ...siblings.map(([, sibling]) => sibling)]
    .map((file) => {
      const stats = fileStats(file)
      return stats ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : '-'
    })
    .join(' ')
}

/** The file's bytes, or its size only when it is bigger than `maxHeldBytes`; undefined when it went away meanwhile. */
export async function readCopy(path: string, stats: Stats, maxHeldBytes: number): Promise<Copy | undefined> {
  const lastModified = stats.mtime.toUTCString()
  if (stats.size > maxHeldBytes) return { path, size: stats.size, lastModified, body: undefined }
  try {
    const body = new Uint8Array(await readFile(path))
    return { path, size: body.byteLength, lastModified, body }
  } catch {
    return undefined
  }
}

/** A file too big to hold, or part of it, read from disk for this answer. */
export function streamOf(copy: Copy, start: number, end: number): ReadableStream<Uint8Array> | null {
  if (copy.size === 0) return null
  return Readable.toWeb(createReadStream(copy.path, { start, end })) as ReadableStream<Uint8Array>
}
