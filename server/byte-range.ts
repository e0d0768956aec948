// HTTP Range requests as @hono/node-server's serveStatic reads them: one range of bytes, parsed from the
// header, then fitted to the size of the file (server/site-files.ts answers it with 206, or 416).

type ByteRange = { type: 'suffix'; length: number } | { type: 'open-ended'; start: number } | { type: 'bounded'; start: number; end: number }

/** `bytes=0-99`, `bytes=100-`, `bytes=-100`; undefined for anything else (then the whole file is sent as a range). */
export function parseByteRange(range: string): ByteRange | undefined {
  const match = /^(?:bytes=)?(?!-$)(\d*)-(\d*)$/.exec(range)
  if (!match) return undefined
  const [, start = '', end = ''] = match
  if (start === '') return { type: 'suffix', length: Number(end) }
  if (end === '') return { type: 'open-ended', start: Number(start) }
  return { type: 'bounded', start: Number(start), end: Number(end) }
}

/** The first and last byte a range names in a file of `size` bytes, or undefined when it cannot be satisfied. */
export function resolveByteRange(spec: ByteRange, size: number): { start: number; end: number } | undefined {
  if (size === 0) return undefined
  if (spec.type === 'suffix') return spec.length === 0 ? undefined : { start: Math.max(size - spec.length, 0), end: size - 1 }
  const end = spec.type === 'bounded' ? Math.min(spec.end, size - 1) : size - 1
  if (spec.start >= size || spec.start > end) return undefined
  return { start: spec.start, end }
}
