// Each covered pixel blends the title's colour over the frame's, into RGB or palette indices, with the same arithmetic for both.
import { CARD_WIDTH, TITLE_BOX, TITLE_RGB } from './design.server'
import { PALETTE_SIZE, type CardRows } from './png.server'
import type { SetTitle } from './title-glyphs.server'

/** False when the palette would overflow (the rows are then part drawn: redraw as RGB). */
export function layGlyphs(card: CardRows, title: SetTitle): boolean {
  if (!card.palette) {
    eachGlyphRow(card, title, layRgb)
    return true
  }
  card.changes = new Float64Array(2)
  return eachGlyphRow(card, title, paletteLayer(card.palette, card.changes))
}

/** A run of one glyph's row: card bytes from `at`, the glyph's coverage from `cover`, `length` pixels. False stops the laying. */
type LayRun = (rows: Buffer, at: number, coverage: Uint8Array, cover: number, length: number) => boolean

function eachGlyphRow({ rows, stride, palette }: CardRows, title: SetTitle, lay: LayRun): boolean {
  const count = rows.length / stride
  const bytesPerPixel = palette ? 1 : 3
  for (const { drawn, x, y } of title.glyphs) {
    const left = TITLE_BOX.left + x + drawn.left
    const first = Math.max(0, -(y + drawn.top))
    const last = Math.min(drawn.height, count - (y + drawn.top))
    const from = Math.max(0, -left)
    const to = Math.min(drawn.width, CARD_WIDTH - left)
    if (to <= from) continue
    for (let row = first; row < last; row++) {
      const at = (y + drawn.top + row) * stride + 1 + (left + from) * bytesPerPixel
      if (!lay(rows, at, drawn.coverage, row * drawn.width + from, to - from)) return false
    }
  }
  return true
}

const [RED, GREEN, BLUE] = TITLE_RGB

function layRgb(rows: Buffer, at: number, coverage: Uint8Array, cover: number, length: number): boolean {
  for (let pixel = 0; pixel < length; pixel++, at += 3) {
    const alpha = coverage[cover + pixel]!
    if (alpha === 0) continue
    const keep = 255 - alpha
    rows[at] = divideBy255(RED * alpha + rows[at]! * keep)
    rows[at + 1] = divideBy255(GREEN * alpha + rows[at + 1]! * keep)
    rows[at + 2] = divideBy255(BLUE * alpha + rows[at + 2]! * keep)
  }
  return true
}

/** The card's palette index of the title over palette index `index` at coverage `alpha`, at `index << 8 | alpha`; -1 until met in the card. */
const blends = new Int16Array(PALETTE_SIZE << 8)

/** Lays glyph rows into palette indices, adding each new blend to `palette`, and each change to `changes`; stops when the palette is full. */
function paletteLayer(palette: number[], changes: Float64Array): LayRun {
  blends.fill(-1)
  const indexOf = new Map(palette.map((colour, index) => [colour, index]))
  /** Added to the palette if new; -1 when the palette is full. */
  const blendIndex = (index: number, alpha: number) => {
    const under = palette[index]!
    const keep = 255 - alpha
    const colour =
      (divideBy255(RED * alpha + (under >>> 16) * keep) << 16) |
      (divideBy255(GREEN * alpha + ((under >>> 8) & 255) * keep) << 8) |
      divideBy255(BLUE * alpha + (under & 255) * keep)
    let found = indexOf.get(colour)
    if (found === undefined) {
      if (palette.length === PALETTE_SIZE) return -1
      found = palette.push(colour) - 1
      indexOf.set(colour, found)
    }
    return found
  }
  return (rows, at, coverage, cover, length) => {
    let sum = 0
    let weighted = 0
    for (let pixel = 0; pixel < length; pixel++, at++) {
      const alpha = coverage[cover + pixel]!
      if (alpha === 0) continue
      const under = rows[at]!
      let index = blends[(under << 8) | alpha]!
      if (index < 0) {
        index = blendIndex(under, alpha)
        if (index < 0) return false
        blends[(under << 8) | alpha] = index
      }
      rows[at] = index
      sum += index - under
      weighted += (index - under) * (rows.length - at)
    }
    changes[0]! += sum
    changes[1]! += weighted
    return true
  }
}

/** `value / 255` rounded, exact for 0 ≤ value ≤ 255 × 255. */
const divideBy255 = (value: number) => (value + 128 + ((value + 128) >> 8)) >> 8
