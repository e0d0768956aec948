// The cards' PNG writer (lib/node/cards/png.server.ts): a frame's rows compressed once, each card's
// own rows between them, as RGB or palette indices. Checked the strict way: zlib inflates the joined
// IDAT data (which fails on a wrong adler-32), every chunk's CRC is right, and sharp decodes the very
// pixels that were given.
import { randomBytes } from 'node:crypto'
import { crc32, deflateSync, inflateSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { SplicedPng, adler32, adler32Combine, withChanges } from '../../lib/node/cards/png.server'

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

describe('a spliced PNG of a frame with more colours than a palette holds', () => {
  // A frame with some texture, so the compressed runs are not trivial, and hundreds of colours.
  const frame = Buffer.alloc(WIDTH * HEIGHT * 3)
  for (let pixel = 0; pixel < WIDTH * HEIGHT; pixel++) frame.set([pixel & 255, (pixel >> 8) * 40, (pixel * 7) % 251], pixel * 3)
  const png = new SplicedPng(frame, WIDTH, HEIGHT, 10)

  it.each([1, 8, 20])('holds the frame with %i rows of the card drawn from row 10, pixel for pixel', async (count) => {
    expect(png.palette).toBeUndefined()
    const card = png.cardRows(count)
    expect(card.palette).toBeUndefined()
    const drawn = randomBytes(count * WIDTH * 3)
    for (let row = 0; row < count; row++) drawn.copy(card.rows, row * card.stride + 1, row * WIDTH * 3, (row + 1) * WIDTH * 3)
    const file = png.png(card)

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
    const card = png.cardRows(5)
    card.rows.fill(9, 1, 50)
    expect(png.png(card).equals(png.png({ ...card, rows: Buffer.from(card.rows) }))).toBe(true)
  })
})

describe('a spliced PNG of a frame with few colours', () => {
  // Three colours in stripes, as a card's frame is a few flat colours and their edges.
  const colours = [
    [11, 61, 145],
    [255, 255, 255],
    [185, 203, 240],
  ]
  const frame = Buffer.alloc(WIDTH * HEIGHT * 3)
  for (let pixel = 0; pixel < WIDTH * HEIGHT; pixel++) frame.set(colours[Math.floor(pixel / 7) % 3]!, pixel * 3)
  const png = new SplicedPng(frame, WIDTH, HEIGHT, 10)

  it('is written with a palette: the frame with its card rows and their new colours, pixel for pixel, in a smaller file', async () => {
    expect(png.palette).toEqual([0x0b3d91, 0xffffff, 0xb9cbf0])
    const card = png.cardRows(8)
    expect(card.stride).toBe(WIDTH + 1)
    // Two colours of the card's own, in a square of rows 12 to 15 and columns 4 to 11.
    card.palette!.push(0x102030, 0xfedcba)
    const expected = Buffer.from(frame)
    for (let row = 12; row < 16; row++)
      for (let column = 4; column < 12; column++) {
        const index = 3 + (column % 2)
        card.rows[(row - 10) * card.stride + 1 + column] = index
        expected.writeUIntBE(card.palette![index]!, (row * WIDTH + column) * 3, 3)
      }
    const file = png.png(card)

    const parts = chunks(file)
    expect(parts.map((part) => part.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IDAT', 'IDAT', 'IDAT', 'IEND'])
    expect(parts[0]!.data[9]).toBe(3) // colour type 3: palette indices
    expect(parts[1]!.data.length).toBe(5 * 3)
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true })
    expect(info).toMatchObject({ width: WIDTH, height: HEIGHT, channels: 3 })
    expect(data.equals(expected)).toBe(true)

    const rgb = png.cardRows(8, true)
    expect(rgb.palette).toBeUndefined()
    for (let row = 0; row < 8; row++) expected.copy(rgb.rows, row * rgb.stride + 1, (10 + row) * WIDTH * 3, (11 + row) * WIDTH * 3)
    const asRgb = png.png(rgb)
    expect(chunks(asRgb)[0]!.data[9]).toBe(2)
    expect((await sharp(asRgb).raw().toBuffer()).equals(expected)).toBe(true)
    expect(file.length).toBeLessThan(asRgb.length)
  })

  it('refuses a palette of more than 256 colours', () => {
    const card = png.cardRows(1)
    card.palette!.push(...Array.from({ length: 254 }, (_, index) => index))
    expect(() => png.png(card)).toThrow('a palette PNG holds at most 256 colours, not 257')
  })
})

/** The adler-32 zlib writes at the end of a stream of `bytes`. */
const adler = (bytes: Buffer) => deflateSync(bytes, { level: 0 }).readUInt32BE(deflateSync(bytes, { level: 0 }).length - 4)

describe('adler32', () => {
  it('is the adler-32 zlib computes', () => {
    for (const bytes of [Buffer.alloc(0), randomBytes(3), randomBytes(100_003), Buffer.alloc(65_521 * 3 + 7, 255)]) expect(adler32(bytes)).toBe(adler(bytes))
  })

  it('follows the changes of some bytes from the sums of those changes alone', () => {
    for (const length of [1, 5_000, 300_000]) {
      const bytes = randomBytes(length)
      const before = adler32(bytes)
      const changes = new Float64Array(2)
      for (let edit = 0; edit < 2_000; edit++) {
        const at = (edit * 7919) % length
        const value = (edit * 31) & 255
        changes[0]! += value - bytes[at]!
        changes[1]! += (value - bytes[at]!) * (length - at)
        bytes[at] = value
      }
      expect(withChanges(before, changes)).toBe(adler(bytes))
    }
  })
})

describe('adler32Combine', () => {
  it('gives the adler-32 of two byte strings joined, as zlib computes it', () => {
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
