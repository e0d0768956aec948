// Draws social cards and the raster logo: satori lays the element trees of design.server.ts out as
// SVG, resvg draws the SVG to pixels, sharp writes the PNG. A card is its label's frame, drawn once
// and kept, with its title drawn alone and laid over it: the title is the only part that differs
// between the cards of one label, and it is under half of the card's pixels.
import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'
import sharp from 'sharp'
import type { CardSpec, LogoSpec } from '../../universal/seo/social'
import { CARD_HEIGHT, CARD_WIDTH, TITLE_BOX, cardFrame, cardTitle, loadCardFonts, logoSvg } from './design.server'

/**
 * How the PNG is written: zlib level 3 without adaptive filtering, about 35 KB a card in 2 ms. Level 6
 * saves a seventh of the bytes for half as much time again; adaptive filtering takes five times as long.
 */
const PNG_OPTIONS = { compressionLevel: 3, adaptiveFiltering: false } as const

type Fonts = ReturnType<typeof loadCardFonts>

/** Draws one picture after another, keeping each label's frame (a handful per build) in memory. */
export class CardPainter {
  private readonly fonts: Fonts = loadCardFonts()
  private readonly frames = new Map<string, Promise<Buffer>>()

  constructor() {
    // Each picture is written once: sharp's cache of decoded images would only hold memory, and its
    // threads would compete with the other painters, one per core.
    sharp.cache(false)
    sharp.concurrency(1)
  }

  /** The PNG of `spec`. */
  async draw(spec: CardSpec | LogoSpec): Promise<Buffer> {
    if (spec.kind === 'logo')
      return sharp(render(logoSvg(spec.size)).pixels, raw(spec.size, spec.size, 4))
        .png(PNG_OPTIONS)
        .toBuffer()
    const frame = await this.frame(spec)
    const title = render(await satori(cardTitle(spec.title) as never, { width: TITLE_BOX.width, fonts: this.fonts }))
    return sharp(overlay(frame, title), raw(CARD_WIDTH, CARD_HEIGHT, 3))
      .png(PNG_OPTIONS)
      .toBuffer()
  }

  /** The frame of the card's label and brand as RGB, drawn on its first card. */
  private frame({ label, productName, host }: CardSpec): Promise<Buffer> {
    const key = JSON.stringify([label, productName, host])
    let frame = this.frames.get(key)
    if (!frame) {
      frame = satori(cardFrame({ label, productName, host }) as never, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: this.fonts }).then((svg) =>
        toRgb(render(svg).pixels),
      )
      this.frames.set(key, frame)
    }
    return frame
  }
}

/** An SVG drawn by resvg: its size and its pixels. */
interface Drawn {
  width: number
  height: number
  /** RGBA, premultiplied by alpha (plain RGBA where the image is opaque). */
  pixels: Buffer
}

/** Draws an SVG at its own size. Its text is already paths (satori draws the glyphs), so resvg needs none of the system's fonts. */
function render(svg: string): Drawn {
  const image = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render()
  return { width: image.width, height: image.height, pixels: image.pixels }
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
 * The frame (RGB) with the title laid over it at TITLE_BOX's top left: each pixel is the title's plus
 * the frame's times what the title leaves uncovered. Done here, on the title's pixels alone: sharp's
 * composite converts the whole card to floating point and back, and took longer than drawing the
 * title. A row of the title with nothing drawn in it is skipped whole.
 */
function overlay(frame: Buffer, title: Drawn): Buffer {
  const card = Buffer.from(frame)
  const rowBytes = title.width * 4
  const empty = Buffer.alloc(rowBytes)
  for (let row = 0; row < Math.min(title.height, TITLE_BOX.height); row++) {
    const start = row * rowBytes
    if (title.pixels.compare(empty, 0, rowBytes, start, start + rowBytes) === 0) continue
    let to = ((TITLE_BOX.top + row) * CARD_WIDTH + TITLE_BOX.left) * 3
    for (let from = start; from < start + rowBytes; from += 4, to += 3) {
      const alpha = title.pixels[from + 3]!
      if (alpha === 0) continue
      const keep = 255 - alpha
      card[to] = title.pixels[from]! + divideBy255(card[to]! * keep)
      card[to + 1] = title.pixels[from + 1]! + divideBy255(card[to + 1]! * keep)
      card[to + 2] = title.pixels[from + 2]! + divideBy255(card[to + 2]! * keep)
    }
  }
  return card
}

/** `value / 255` rounded, for 0 ≤ value ≤ 255 × 255, in integer steps (exact over that range). */
const divideBy255 = (value: number) => (value + 128 + ((value + 128) >> 8)) >> 8

const raw = (width: number, height: number, channels: 3 | 4) => ({ raw: { width, height, channels } })
