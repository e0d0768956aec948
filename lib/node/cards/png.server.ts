// The PNG files of the cards of one frame. Every card of one label is its frame with a title drawn
// into some rows of it, so the rows above and below the title are the same in each: they are
// compressed once, and each card's PNG is those bytes with its own rows compressed between them:
// faster and smaller than sharp writing the whole image. Everything else is the plainest PNG: 8-bit
// RGB, no filtering, one zlib stream over several IDAT chunks (PNG joins them), from Node's own zlib.
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A zlib stream's first two bytes: deflate with a 32 KB window, no dictionary (RFC 1950). */
const ZLIB_HEADER = Buffer.from([0x78, 0x01])
/** The frame's rows are compressed once, so as small as zlib makes them; a card's own rows at level 3, the fastest that is still small. */
const FRAME_LEVEL = 9
const CARD_LEVEL = 3

/** One compressed run of rows: its deflate blocks, and the adler-32 and length of the bytes it holds. */
interface Run {
  chunk: Buffer
  adler: number
  length: number
}

export class SplicedPng {
  /** Bytes per row: PNG's filter byte (0, none) and the row's RGB. */
  readonly stride: number
  private readonly head: Buffer
  private readonly above: Run
  private readonly below = new Map<number, Run>()
  private readonly rows: Buffer

  /**
   * `rgb` is the frame, `width` × `height` pixels; the cards differ from it only in rows `top` and
   * below (each card says how many).
   */
  constructor(
    rgb: Buffer,
    width: number,
    height: number,
    private readonly top: number,
  ) {
    this.stride = width * 3 + 1
    this.rows = Buffer.alloc(this.stride * height)
    for (let row = 0; row < height; row++) rgb.copy(this.rows, row * this.stride + 1, row * width * 3, (row + 1) * width * 3)
    const header = Buffer.alloc(13)
    header.writeUInt32BE(width, 0)
    header.writeUInt32BE(height, 4)
    header.set([8, 2, 0, 0, 0], 8) // 8 bits per channel, RGB, deflate, no filtering scheme beyond "none", no interlacing
    this.head = Buffer.concat([SIGNATURE, chunk('IHDR', header)])
    this.above = run(this.rows.subarray(0, top * this.stride), FRAME_LEVEL, false, ZLIB_HEADER)
  }

  /** The frame's rows from `top`, `count` of them, as PNG rows (filter byte, RGB): a fresh copy to draw into. */
  cardRows(count: number): Buffer {
    return Buffer.from(this.rows.subarray(this.top * this.stride, (this.top + count) * this.stride))
  }

  /** The PNG of the frame with `cardRows` (drawn into) in place of its own rows from `top`. */
  png(cardRows: Buffer): Buffer {
    const count = cardRows.length / this.stride
    const middle = run(cardRows, CARD_LEVEL, false)
    const end = this.top + count
    let below = this.below.get(end)
    if (!below) {
      below = run(this.rows.subarray(end * this.stride), FRAME_LEVEL, true)
      this.below.set(end, below)
    }
    const adler = Buffer.alloc(4)
    adler.writeUInt32BE(adler32Combine(adler32Combine(this.above.adler, middle.adler, middle.length), below.adler, below.length))
    return Buffer.concat([this.head, this.above.chunk, middle.chunk, below.chunk, chunk('IDAT', adler), IEND])
  }
}

const IEND = chunk('IEND', Buffer.alloc(0))

/** A PNG chunk: length, type, data, and the CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const bytes = Buffer.alloc(data.length + 12)
  bytes.writeUInt32BE(data.length, 0)
  bytes.write(type, 4, 'latin1')
  data.copy(bytes, 8)
  bytes.writeUInt32BE(crc32(bytes.subarray(4, 8 + data.length)), 8 + data.length)
  return bytes
}

/**
 * `data` compressed as deflate blocks that another run can follow (flushed to a byte boundary, not
 * final) or that end the stream (`last`), in an IDAT chunk after `prefix`; with the adler-32 of
 * `data`, which zlib computes as it stores the data uncompressed (level 0: no compression, a copy).
 */
function run(data: Buffer, level: number, last: boolean, prefix: Buffer = Buffer.alloc(0)): Run {
  const blocks = deflateRawSync(data, { level, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH })
  const stored = deflateSync(data, { level: 0 })
  return { chunk: chunk('IDAT', Buffer.concat([prefix, blocks])), adler: stored.readUInt32BE(stored.length - 4), length: data.length }
}

const ADLER_BASE = 65521

/** The adler-32 of two byte strings one after the other, from each one's and the second's length (zlib's adler32_combine). */
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
