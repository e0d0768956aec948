// The cards' PNG writer (lib/node/cards/png.server.ts): a frame's rows compressed once, each card's
// own rows between them. Checked the strict way: zlib inflates the joined IDAT data (which fails on a
// wrong adler-32), every chunk's CRC is right, and sharp decodes the very pixels that were given.
import { randomBytes } from 'node:crypto'
import { crc32, deflateSync, inflateSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { SplicedPng, adler32Combine } from '../../lib/node/cards/png.server'

const WIDTH = 40
const HEIGHT = 30

/** Every chunk of a PNG: its type and data, each CRC checked. */
function chunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  const found = []
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    const data = png.subarray(at + 8, at + 8 + length)
    expect(png.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(crc32(png.subarray(at + 4, at + 8 + length)))
    found.push({ type, data })
    at += length + 12
  }
  return found
}

describe('a spliced PNG', () => {
  // A frame with some texture, so the compressed runs are not trivial.
  const frame = Buffer.alloc(WIDTH * HEIGHT * 3)
  for (let index = 0; index < frame.length; index++) frame[index] = (index * 7) % 251
  const png = new SplicedPng(frame, WIDTH, HEIGHT, 10)

  it.each([1, 8, 20])('holds the frame with %i rows of the card drawn from row 10, pixel for pixel', async (count) => {
    const rows = png.cardRows(count)
    const drawn = randomBytes(count * WIDTH * 3)
    for (let row = 0; row < count; row++) drawn.copy(rows, row * png.stride + 1, row * WIDTH * 3, (row + 1) * WIDTH * 3)
    const file = png.png(rows)

    const parts = chunks(file)
    expect(parts.map((part) => part.type)).toEqual(['IHDR', 'IDAT', 'IDAT', 'IDAT', 'IDAT', 'IEND'])
    const expected = Buffer.from(frame)
    drawn.copy(expected, 10 * WIDTH * 3)
    const scanlines = inflateSync(Buffer.concat(parts.filter((part) => part.type === 'IDAT').map((part) => part.data)))
    expect(scanlines.length).toBe(HEIGHT * (WIDTH * 3 + 1))

    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true })
    expect(info).toMatchObject({ width: WIDTH, height: HEIGHT, channels: 3 })
    expect(data.equals(expected)).toBe(true)
  })

  it('gives the same bytes for the same card', () => {
    const rows = png.cardRows(5)
    rows.fill(9, 1, 50)
    expect(png.png(rows).equals(png.png(Buffer.from(rows)))).toBe(true)
  })
})

describe('adler32Combine', () => {
  it('gives the adler-32 of two byte strings joined, as zlib computes it', () => {
    const adler = (bytes: Buffer) => deflateSync(bytes, { level: 0 }).readUInt32BE(deflateSync(bytes, { level: 0 }).length - 4)
    for (const [first, second] of [
      [randomBytes(10), randomBytes(70_000)],
      [randomBytes(100_000), randomBytes(3)],
      [Buffer.alloc(0), randomBytes(5)],
      [Buffer.alloc(65_521, 255), Buffer.alloc(65_521 * 2, 255)],
    ] as const) {
      expect(adler32Combine(adler(first), adler(second), second.length)).toBe(adler(Buffer.concat([first, second])))
    }
  })
})
