// Draws social cards and the raster logo: satori lays the element trees of design.server.ts out as
// SVG, resvg draws the SVG to pixels. A card is its label's frame, drawn once and kept, with its title
// laid over it: the title is the only part that differs between the cards of one label, and a short
// one covers a fifth of the card. A title in the Latin alphabet is set from glyphs drawn once
// (title-glyphs.server.ts); any other is drawn by satori and resvg alone and laid over the frame, with
// a fallback font for the letters Inter lacks (fallback-fonts.server.ts: Japanese, Arabic, Devanagari). Its
// PNG is written from the frame's rows, which every card of the frame shares, compressed once
// (png.server.ts); the logo's, once a build, by sharp.
//
// One card of a generated topic (a title of about 30 characters) takes about 1.3 ms on one core:
// setting the title from kept glyphs 0.2 ms, the PNG 0.8 ms. Drawn by satori and resvg, its title
// alone took 3 ms more (satori 1.3 ms, resvg 1.5 to 2 ms), and the whole card drawn each time 20 ms.
import satori from 'satori'
import sharp from 'sharp'
import type { CardSpec, LogoSpec } from '../../universal/seo/social'
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  TITLE_BOX,
  TITLE_FONT_FILE,
  TITLE_RGB,
  cardFrame,
  cardTitle,
  loadCardFonts,
  logoSvg,
  readFontFile,
  titleStyle,
} from './design.server'
import { FallbackFonts } from './fallback-fonts.server'
import { SplicedPng } from './png.server'
import { rasterize, type Raster } from './raster.server'
import { TitleSetter, type SetTitle } from './title-glyphs.server'

/** The logo's PNG: zlib level 9 with adaptive filtering, the smallest file; it is written once a build. */
const LOGO_PNG = { compressionLevel: 9, adaptiveFiltering: true } as const

/**
 * What satori draws with, one set a thread: satori keeps the fonts it has parsed with the `fonts` array
 * it is given, and the fallback fonts it asks for (`loadAdditionalAsset`) are added to them, so every
 * painter of a thread shares both. A title in the Latin alphabet never asks for one.
 */
let satoriFonts: { fonts: ReturnType<typeof loadCardFonts>; loadAdditionalAsset: (code: string, segment: string) => Promise<FallbackFont[]> } | undefined
type FallbackFont = ReturnType<FallbackFonts['fontsFor']>[number]
function satoriOptions() {
  if (satoriFonts) return satoriFonts
  const fallbacks = new FallbackFonts()
  satoriFonts = { fonts: loadCardFonts(), loadAdditionalAsset: async (_code, segment) => fallbacks.fontsFor(segment) }
  return satoriFonts
}

/** Draws one picture after another, keeping each label's frame (a handful per build) in memory. */
export class CardPainter {
  private readonly fonts = satoriOptions()
  private readonly frames = new Map<string, Promise<SplicedPng>>()
  private readonly setter = TitleSetter.load(readFontFile(TITLE_FONT_FILE))

  /** With `glyphs: false`, every title is drawn by satori and resvg (what the glyphs are held to in the tests). */
  constructor(private readonly options: { glyphs: boolean } = { glyphs: true }) {
    // The logo is written once: sharp's cache of decoded images would only hold memory, and its
    // threads would compete with the other painters, one per core.
    sharp.cache(false)
    sharp.concurrency(1)
  }

  /** The PNG of `spec`. */
  async draw(spec: CardSpec | LogoSpec): Promise<Buffer> {
    if (spec.kind === 'logo')
      return sharp(rasterize(logoSvg(spec.size)).pixels, raw(spec.size, spec.size, 4))
        .png(LOGO_PNG)
        .toBuffer()
    const frame = await this.frame(spec)
    const set = this.options.glyphs ? (await this.setter).set(spec.title, TITLE_BOX.width, titleStyle(spec.title)) : undefined
    if (set) {
      const rows = frame.cardRows(Math.min(set.height, TITLE_BOX.height))
      layGlyphs(rows, frame.stride, set)
      return frame.png(rows)
    }
    const title = rasterize(await satori(cardTitle(spec.title) as never, { width: TITLE_BOX.width, ...this.fonts }))
    const rows = frame.cardRows(Math.min(title.height, TITLE_BOX.height))
    overlay(rows, frame.stride, title)
    return frame.png(rows)
  }

  /** The frame of the card's label and brand, drawn on its first card. */
  private frame({ label, productName, host }: CardSpec): Promise<SplicedPng> {
    const key = JSON.stringify([label, productName, host])
    let frame = this.frames.get(key)
    if (!frame) {
      frame = satori(cardFrame({ label, productName, host }) as never, { width: CARD_WIDTH, height: CARD_HEIGHT, ...this.fonts }).then(
        (svg) => new SplicedPng(toRgb(rasterize(svg).pixels), CARD_WIDTH, CARD_HEIGHT, TITLE_BOX.top),
      )
      this.frames.set(key, frame)
    }
    return frame
  }
}

/** Opaque RGBA as RGB. */
function toRgb(rgba: Buffer): Buffer {
  const rgb = Buffer.allocUnsafe((rgba.length / 4) * 3)
  for (let from = 0, to = 0; from < rgba.length; from += 4, to += 3) {
    rgb[to] = rgba[from]!
    rgb[to + 1] = rgba[from + 1]!
    rgb[to + 2] = rgba[from + 2]!
  }
  return rgb
}

/**
 * Lays the title over the frame's rows (PNG rows of `stride` bytes: a filter byte, then RGB) from the
 * title box's left edge: each pixel is the title's plus the frame's times what the title leaves
 * uncovered. Done here, on the title's pixels alone; a row of the title with nothing in it is skipped whole.
 */
function overlay(rows: Buffer, stride: number, title: Raster): void {
  const rowBytes = title.width * 4
  const empty = Buffer.alloc(rowBytes)
  const count = rows.length / stride
  for (let row = 0; row < count; row++) {
    const start = row * rowBytes
    if (title.pixels.compare(empty, 0, rowBytes, start, start + rowBytes) === 0) continue
    let to = row * stride + 1 + TITLE_BOX.left * 3
    for (let from = start; from < start + rowBytes; from += 4, to += 3) {
      const alpha = title.pixels[from + 3]!
      if (alpha === 0) continue
      const keep = 255 - alpha
      rows[to] = title.pixels[from]! + divideBy255(rows[to]! * keep)
      rows[to + 1] = title.pixels[from + 1]! + divideBy255(rows[to + 1]! * keep)
      rows[to + 2] = title.pixels[from + 2]! + divideBy255(rows[to + 2]! * keep)
    }
  }
}

/**
 * Lays a set title's glyphs over the frame's rows (as `overlay`, from the title box's left edge): each
 * pixel takes the title's colour by the glyph's coverage of it. What falls outside the rows is cut off.
 */
function layGlyphs(rows: Buffer, stride: number, title: SetTitle): void {
  const count = rows.length / stride
  const [red, green, blue] = TITLE_RGB
  for (const { drawn, x, y } of title.glyphs) {
    const left = TITLE_BOX.left + x + drawn.left
    const first = Math.max(0, -(y + drawn.top))
    const last = Math.min(drawn.height, count - (y + drawn.top))
    const from = Math.max(0, -left)
    const to = Math.min(drawn.width, CARD_WIDTH - left)
    for (let row = first; row < last; row++) {
      let at = (y + drawn.top + row) * stride + 1 + (left + from) * 3
      let cover = row * drawn.width + from
      for (let column = from; column < to; column++, at += 3, cover++) {
        const alpha = drawn.coverage[cover]!
        if (alpha === 0) continue
        const keep = 255 - alpha
        rows[at] = divideBy255(red * alpha + rows[at]! * keep)
        rows[at + 1] = divideBy255(green * alpha + rows[at + 1]! * keep)
        rows[at + 2] = divideBy255(blue * alpha + rows[at + 2]! * keep)
      }
    }
  }
}

/** `value / 255` rounded, for 0 ≤ value ≤ 255 × 255, in integer steps (exact over that range). */
const divideBy255 = (value: number) => (value + 128 + ((value + 128) >> 8)) >> 8

const raw = (width: number, height: number, channels: 3 | 4) => ({ raw: { width, height, channels } })
