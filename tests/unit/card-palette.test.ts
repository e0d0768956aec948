// A card written as a palette PNG (lib/node/cards/png.server.ts, lay-glyphs.server.ts) against the same
// card written as RGB: a reader, or a crawler, must get the very same pixels whichever it was.
import { inflateSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { TITLE_BOX } from '../../lib/node/cards/design.server'
import { CardPainter } from '../../lib/node/cards/draw.server'
import { layGlyphs } from '../../lib/node/cards/lay-glyphs.server'
import { SplicedPng } from '../../lib/node/cards/png.server'
import type { SetTitle } from '../../lib/node/cards/title-glyphs.server'

const WIDTH = 1200
const colourType = (png: Buffer) => png[25]
const pixels = (png: Buffer) => sharp(png).raw().toBuffer()

/** The PNG's image data inflated: zlib checks the stream's adler-32, which the writer finds from the changes drawn rather than by summing. */
function imageData(png: Buffer): Buffer {
  const idat: Buffer[] = []
  for (let at = 8; at < png.length; at += png.readUInt32BE(at) + 12) {
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + png.readUInt32BE(at)))
  }
  return inflateSync(Buffer.concat(idat))
}

describe('a card as a palette PNG', () => {
  const painter = new CardPainter()
  const asRgb = new CardPainter({ palette: false })

  // Set from glyphs (Latin), laid out by satori (Japanese, Arabic from the right, Cyrillic), the longest a title is drawn, each frame.
  it.each([
    ['Competitor direct fresh 00001', 'Topic'],
    ['The complete guide to writing a LinkedIn About section that turns profile visits into booked calls', 'Article'],
    ['LinkedInプロフィール監査：見込み客に選ばれる書き方', 'Topic'],
    ['كيف تحسن ملفك الشخصي على لينكدإن', 'Blog'],
    ['LinkedIn для коучей', ''],
  ])('draws "%s" (%s) with the pixels of its RGB PNG, in fewer bytes', async (title, label) => {
    const spec = { kind: 'card', title, label, productName: 'AuthorityLens', host: 'example.test' } as const
    // One after the other: the painters of a thread share satori's fonts, and the fallback fonts it asks for.
    const palette = await painter.draw(spec)
    const rgb = await asRgb.draw(spec)
    expect([colourType(palette), colourType(rgb)]).toEqual([3, 2])
    expect(imageData(palette).length).toBe(630 * (WIDTH + 1))
    expect((await pixels(palette)).equals(await pixels(rgb))).toBe(true)
    expect(palette.length).toBeLessThan(rgb.length)
  })
})

describe('laying a title into palette indices', () => {
  /** A frame `rows` tall of `colours` in runs of 100 pixels, and a "title" covering all of it with every coverage from 0 to 255 in turn. */
  function setUp(colours: Array<[number, number, number]>, rows = 4) {
    const frame = Buffer.alloc(WIDTH * rows * 3)
    for (let pixel = 0; pixel < WIDTH * rows; pixel++) frame.set(colours[Math.floor(pixel / 100) % colours.length]!, pixel * 3)
    const coverage = Uint8Array.from({ length: WIDTH * rows }, (_, pixel) => pixel % 256)
    const title: SetTitle = { height: rows, glyphs: [{ drawn: { coverage, width: WIDTH, height: rows, left: 0, top: 0 }, x: -TITLE_BOX.left, y: 0 }] }
    return { png: new SplicedPng(frame, WIDTH, rows, 0), title, rows }
  }

  it('gives the pixels RGB gives', async () => {
    const { png, title, rows } = setUp([[11, 61, 145]])
    const indexed = png.cardRows(rows)
    expect(layGlyphs(indexed, title)).toBe(true)
    expect(indexed.palette!.length).toBeGreaterThan(200)
    const first = await pixels(png.png(indexed))
    const rgb = png.cardRows(rows, true)
    expect(layGlyphs(rgb, title)).toBe(true)
    expect(first.equals(await pixels(png.png(rgb)))).toBe(true)
  })

  it('gives up when the blends outgrow the palette, and the card is drawn as RGB', async () => {
    const { png, title, rows } = setUp([
      [11, 61, 145],
      [185, 203, 240],
      [40, 40, 40],
    ])
    const indexed = png.cardRows(rows)
    expect(layGlyphs(indexed, title)).toBe(false)
    expect(indexed.palette).toHaveLength(256)
    const rgb = png.cardRows(rows, true)
    expect(layGlyphs(rgb, title)).toBe(true)
    const drawn = await pixels(png.png(rgb))
    // Full coverage is the title's white; none leaves the frame's colour.
    expect([...drawn.subarray(255 * 3, 256 * 3)]).toEqual([255, 255, 255])
    expect([...drawn.subarray(0, 3)]).toEqual([11, 61, 145])
  })
})
