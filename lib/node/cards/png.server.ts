// The rows above and below the title are the same in every card of a label: compressed once, each card's own rows spliced between.
// A card of at most 256 colours is a palette PNG (fewer bytes for zlib, same pixels), else RGB; no filtering, one zlib stream.
import { constants, crc32, deflateRawSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** Deflate with a 32 KB window, no dictionary (RFC 1950). */
const ZLIB_HEADER = Buffer.from([0x78, 0x01])
/** Compressed once, so as small as zlib makes them. */
const FRAME_LEVEL = 9
/** Palette rows are runs of the background's index between glyph edges: Z_RLE finds them as well as level 3, faster. */
const CARD_DEFLATE = { rgb: { level: 3 }, palette: { level: 1, strategy: constants.Z_RLE } } as const
export const PALETTE_SIZE = 256

type Run = { chunk: Buffer; adler: number; length: number }

/** A card's rows to draw into: PNG rows of `stride` bytes (a filter byte, 0, then each pixel's), RGB or palette indices. */
export interface CardRows {
  rows: Buffer
  stride: number
  /** For palette indices: 0xRRGGBB, the frame's first; a card may add its own up to PALETTE_SIZE. */
  palette?: number[]
  /** Adler-32's sums are linear in the bytes: what was drawn moves them by [Σ change, Σ change × (length − offset)], so png() need not sum the rows again. */
  changes?: Float64Array
}

class FrameRows {
  readonly stride: number
  readonly rows: Buffer
  readonly above: Run
  private readonly below = new Map<number, Run>()
  /** By how many of the rows from `top` a card takes. */
  private readonly adlers = new Map<number, number>()
  /** Rows handed to one card after another to draw into: a card's PNG is written before the next card's rows are asked for. */
  private scratch: Buffer | undefined

  constructor(
    pixels: Buffer,
    width: number,
    height: number,
    bytesPerPixel: number,
    private readonly top: number,
  ) {
    this.stride = width * bytesPerPixel + 1
    this.rows = Buffer.alloc(this.stride * height)
    for (let row = 0; row < height; row++) pixels.copy(this.rows, row * this.stride + 1, row * (this.stride - 1), (row + 1) * (this.stride - 1))
    this.above = run(this.rows.subarray(0, top * this.stride), { level: FRAME_LEVEL }, false, ZLIB_HEADER)
  }

  cardRows(count: number): Buffer {
    const length = count * this.stride
    if (!this.scratch || this.scratch.length < length) this.scratch = Buffer.alloc(length)
    const rows = this.scratch.subarray(0, length)
    this.rows.copy(rows, 0, this.top * this.stride, this.top * this.stride + length)
    return rows
  }

  idat(cardRows: Buffer, options: { level: number; strategy?: number }, changes: Float64Array | undefined): Buffer[] {
    const count = cardRows.length / this.stride
    const end = this.top + count
    let adler: number | undefined
    if (changes) {
      let frame = this.adlers.get(count)
      if (frame === undefined) this.adlers.set(count, (frame = adler32(this.rows.subarray(this.top * this.stride, end * this.stride))))
      adler = withChanges(frame, changes)
    }
    const middle = run(cardRows, options, false, undefined, adler)
    let below = this.below.get(end)
    if (!below) this.below.set(end, (below = run(this.rows.subarray(end * this.stride), { level: FRAME_LEVEL }, true)))
    const trailer = Buffer.alloc(4)
    trailer.writeUInt32BE(adler32Combine(adler32Combine(this.above.adler, middle.adler, middle.length), below.adler, below.length))
    return [this.above.chunk, middle.chunk, below.chunk, chunk('IDAT', trailer)]
  }
}

export class SplicedPng {
  /** The frame's colours (0xRRGGBB), in the order its pixels first show them; undefined when it has more than PALETTE_SIZE. */
  readonly palette: readonly number[] | undefined
  private readonly indexed: FrameRows | undefined
  private rgbRows: FrameRows | undefined

  /** The cards differ from the frame `rgb` only in rows `top` and below (each card says how many). */
  constructor(
    private readonly rgb: Buffer,
    private readonly width: number,
    private readonly height: number,
    private readonly top: number,
  ) {
    const indices = Buffer.alloc(width * height)
    const palette = new Map<number, number>()
    for (let pixel = 0; pixel < indices.length && palette.size <= PALETTE_SIZE; pixel++) {
      const colour = (rgb[pixel * 3]! << 16) | (rgb[pixel * 3 + 1]! << 8) | rgb[pixel * 3 + 2]!
      let index = palette.get(colour)
      if (index === undefined) palette.set(colour, (index = palette.size))
      indices[pixel] = index
    }
    if (palette.size <= PALETTE_SIZE) {
      this.palette = [...palette.keys()]
      this.indexed = new FrameRows(indices, width, height, 1, top)
    }
  }

  /** Palette indices with a copy of the palette to add to, unless it has none or `rgb` is asked; valid until the next call: write their PNG first. */
  cardRows(count: number, rgb = false): CardRows {
    if (this.indexed && this.palette && !rgb) return { rows: this.indexed.cardRows(count), stride: this.indexed.stride, palette: [...this.palette] }
    const frame = this.rgbFrame()
    return { rows: frame.cardRows(count), stride: frame.stride }
  }

  png({ rows, palette, changes }: CardRows): Buffer {
    if (!palette) return Buffer.concat([this.head(2), ...this.rgbFrame().idat(rows, CARD_DEFLATE.rgb, changes), IEND])
    if (palette.length > PALETTE_SIZE) throw new Error(`a palette PNG holds at most ${PALETTE_SIZE} colours, not ${palette.length}`)
    const entries = Buffer.alloc(palette.length * 3)
    palette.forEach((colour, index) => entries.writeUIntBE(colour, index * 3, 3))
    return Buffer.concat([this.head(3), chunk('PLTE', entries), ...this.indexed!.idat(rows, CARD_DEFLATE.palette, changes), IEND])
  }

  /** 8 bits per sample, `colourType` 2 (RGB) or 3 (palette), no interlacing. */
  private head(colourType: 2 | 3): Buffer {
    const header = Buffer.alloc(13)
    header.writeUInt32BE(this.width, 0)
    header.writeUInt32BE(this.height, 4)
    header.set([8, colourType, 0, 0, 0], 8)
    return Buffer.concat([SIGNATURE, chunk('IHDR', header)])
  }

  /** The frame as RGB rows, made on first use: only a frame or card with too many colours for a palette needs them. */
  private rgbFrame(): FrameRows {
    return (this.rgbRows ??= new FrameRows(this.rgb, this.width, this.height, 3, this.top))
  }
}

const IEND = chunk('IEND', Buffer.alloc(0))

function chunk(type: string, data: Buffer): Buffer {
  const bytes = Buffer.alloc(data.length + 12)
  bytes.writeUInt32BE(data.length, 0)
  bytes.write(type, 4, 'latin1')
  data.copy(bytes, 8)
  bytes.writeUInt32BE(crc32(bytes.subarray(4, 8 + data.length)), 8 + data.length)
  return bytes
}

/** `data` as deflate blocks another run can follow (sync-flushed), or that end the stream (`last`), in an IDAT chunk after `prefix`. */
function run(data: Buffer, options: { level: number; strategy?: number }, last: boolean, prefix = Buffer.alloc(0), adler = adler32(data)): Run {
  const blocks = deflateRawSync(data, { ...options, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH })
  return { chunk: chunk('IDAT', Buffer.concat([prefix, blocks])), adler, length: data.length }
}

const ADLER_BASE = 65521
/** The most bytes adler-32 adds up before its sums must be reduced to stay within 32 bits (zlib's NMAX). */
const ADLER_SPAN = 5552

export function adler32(data: Uint8Array): number {
  let sum1 = 1
  let sum2 = 0
  for (let at = 0; at < data.length;) {
    const end = Math.min(at + ADLER_SPAN, data.length)
    for (; at + 4 <= end; at += 4) {
      sum1 += data[at]!
      sum2 += sum1
      sum1 += data[at + 1]!
      sum2 += sum1
      sum1 += data[at + 2]!
      sum2 += sum1
      sum1 += data[at + 3]!
      sum2 += sum1
    }
    for (; at < end; at++) {
      sum1 += data[at]!
      sum2 += sum1
    }
    sum1 %= ADLER_BASE
    sum2 %= ADLER_BASE
  }
  return ((sum2 << 16) | sum1) >>> 0
}

/** After `changes` (CardRows). */
export function withChanges(adler: number, changes: Float64Array): number {
  const sum1 = ((((adler & 0xffff) + changes[0]!) % ADLER_BASE) + ADLER_BASE) % ADLER_BASE
  const sum2 = ((((adler >>> 16) + changes[1]!) % ADLER_BASE) + ADLER_BASE) % ADLER_BASE
  return (sum1 | (sum2 << 16)) >>> 0
}

/** zlib's adler32_combine. */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_BASE
  let sum1 = first & 0xffff
  let sum2 = (remainder * sum1) % ADLER_BASE
  sum1 += (second & 0xffff) + ADLER_BASE - 1
  sum2 += ((first >>> 16) & 0xffff) + ((second >>> 16) & 0xffff) + ADLER_BASE - remainder
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE
  return (sum1 | (sum2 << 16)) >>> 0
}
