// Glyphs shaped by HarfBuzz (satori's shaper), each drawn once per size and phase: far cheaper than satori per title, same pixels.
import { createRequire } from 'node:module'
import { inflateSync } from 'node:zlib'
import { coverageOf } from './raster.server'

/** harfbuzzjs's buffer JSON: id, cluster, advance and offsets, in font units. */
interface Shaped {
  g: number
  cl: number
  ax: number
  dx: number
  dy: number
}

interface HarfBuzzFont {
  glyphToPath(glyph: number): string
  glyphExtents(glyph: number): { xBearing: number; yBearing: number; width: number; height: number } | null
}
interface HarfBuzz {
  createBlob(data: Uint8Array): { destroy(): void }
  createFace(blob: unknown, index: number): { upem: number; destroy(): void }
  createFont(face: unknown): HarfBuzzFont & { setScale(x: number, y: number): void }
  createBuffer(): { addText(text: string): void; guessSegmentProperties(): void; json(): Shaped[]; destroy(): void }
  shape(font: unknown, buffer: unknown, features?: string): void
}

export interface TitleStyle {
  fontSize: number
  lineHeight: number
  letterSpacing: number
  lines: number
}

/** Coverage 0–255, placed `left`/`top` pixels from its pen position on the baseline. */
interface DrawnGlyph {
  coverage: Uint8Array
  width: number
  height: number
  left: number
  top: number
}

export interface SetTitle {
  height: number
  glyphs: Array<{ drawn: DrawnGlyph; x: number; y: number }>
}

interface Word {
  glyphs: Shaped[]
  advance: number
  text: string
  spaceBefore: number
}

/** Characters after which satori's line breaking (Unicode's) may break a word. */
const BREAKS_INSIDE = /[-\u2010\u2013\u2014/]/

/** The most words a setter keeps shaped: a few MB at most, however many titles it sets. */
const SHAPED_WORDS = 5_000

/** Pen positions are kept to a quarter pixel: four drawings of a glyph per size cover every position. */
const PHASES = 4

/** WOFF 1.0 as plain OpenType, with the `hhea` ascender and descender satori centres a line on (harfbuzzjs 0.10's `hExtents()` breaks the font). */
function openWoff(woff: Buffer): { sfnt: Buffer; ascender: number; descender: number } {
  const count = woff.readUInt16BE(12)
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 44 + index * 20
    const [tag, offset, compressed, length, checksum] = [0, 4, 8, 12, 16].map((field) => woff.readUInt32BE(at + field))
    const bytes = woff.subarray(offset, offset! + compressed!)
    return { tag: tag!, checksum: checksum!, data: compressed! < length! ? inflateSync(bytes) : bytes }
  })
  const headerLength = 12 + count * 16
  const size = tables.reduce((sum, table) => sum + ((table.data.length + 3) & ~3), headerLength)
  const sfnt = Buffer.alloc(size)
  const power = 2 ** Math.floor(Math.log2(count))
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0)
  sfnt.writeUInt16BE(count, 4)
  sfnt.writeUInt16BE(power * 16, 6)
  sfnt.writeUInt16BE(Math.log2(power), 8)
  sfnt.writeUInt16BE(count * 16 - power * 16, 10)
  let offset = headerLength
  tables.forEach(({ tag, checksum, data }, index) => {
    const at = 12 + index * 16
    sfnt.writeUInt32BE(tag, at)
    sfnt.writeUInt32BE(checksum, at + 4)
    sfnt.writeUInt32BE(offset, at + 8)
    sfnt.writeUInt32BE(data.length, at + 12)
    data.copy(sfnt, offset)
    offset += (data.length + 3) & ~3
  })
  const hhea = tables.find(({ tag }) => tag === 0x68686561)?.data
  if (!hhea) throw new Error('the font has no hhea table')
  return { sfnt, ascender: hhea.readInt16BE(4), descender: hhea.readInt16BE(6) }
}

export class TitleSetter {
  private readonly drawn = new Map<string, DrawnGlyph>()
  /** Each word shaped (with its space), as titles repeat their words; emptied when it holds SHAPED_WORDS. */
  private readonly shaped = new Map<string, Shaped[]>()

  private constructor(
    private readonly hb: HarfBuzz,
    private readonly font: HarfBuzzFont,
    private readonly upem: number,
    private readonly metrics: { ascender: number; descender: number },
  ) {}

  static async load(fontFile: Buffer): Promise<TitleSetter> {
    const hb = (await createRequire(import.meta.url)('harfbuzzjs')) as HarfBuzz
    const { sfnt, ...metrics } = openWoff(fontFile)
    const blob = hb.createBlob(sfnt)
    const face = hb.createFace(blob, 0)
    const font = hb.createFont(face)
    font.setScale(face.upem, face.upem)
    return new TitleSetter(hb, font, face.upem, metrics)
  }

  /** Undefined when only satori can set it. */
  set(title: string, width: number, style: TitleStyle): SetTitle | undefined {
    if (!/^\S+( \S+)*$/.test(title)) return undefined
    const scale = style.fontSize / this.upem
    // Each word with the space after it, as satori shapes the pieces its line breaking cuts: a comma is kerned with that space.
    const words: Word[] = []
    let spaceBefore = 0
    for (const piece of title.match(/\S+ ?/g)!) {
      const word: Word = { glyphs: [], advance: 0, text: piece.trimEnd(), spaceBefore }
      spaceBefore = 0
      for (const glyph of this.shape(piece)) {
        // Glyph 0 is the font's "no glyph": a character this font lacks, which satori takes from another.
        if (glyph.g === 0) return undefined
        const advance = glyph.ax * scale + style.letterSpacing
        if (piece[glyph.cl] === ' ') spaceBefore = advance
        else {
          word.glyphs.push(glyph)
          word.advance += advance
        }
      }
      words.push(word)
    }
    const lines: Word[][] = []
    let lineWidth = 0
    for (const word of words) {
      if (word.advance > width) return undefined
      const line = lines.at(-1)
      if (line && lineWidth + word.spaceBefore + word.advance <= width) {
        line.push(word)
        lineWidth += word.spaceBefore + word.advance
        continue
      }
      // satori may break a word after a hyphen, a dash or a slash where this moves the word whole.
      if (line && BREAKS_INSIDE.test(word.text)) return undefined
      lines.push([word])
      lineWidth = word.advance
    }
    if (lines.length > style.lines) return undefined
    // As satori places lines: whole pixels tall, baseline on a whole pixel, ascender to descender centred in the line.
    const lineBox = style.fontSize * style.lineHeight
    const lineStep = Math.round(lineBox)
    const { ascender, descender } = this.metrics
    const baseline = Math.floor((lineBox - (ascender - descender) * scale) / 2 + ascender * scale)
    const glyphs: SetTitle['glyphs'] = []
    lines.forEach((words, index) => {
      const y = index * lineStep + baseline
      let pen = 0
      words.forEach((word, position) => {
        // satori puts each word on a whole pixel.
        if (position > 0) pen = Math.round(pen + word.spaceBefore)
        for (const glyph of word.glyphs) {
          const quarters = Math.round((pen + glyph.dx * scale) * PHASES)
          const whole = Math.floor(quarters / PHASES)
          const phase = quarters - whole * PHASES
          glyphs.push({ drawn: this.glyph(glyph.g, style.fontSize, phase), x: whole, y: y - Math.round(glyph.dy * scale) })
          pen += glyph.ax * scale + style.letterSpacing
        }
      })
    })
    return { height: lines.length * lineStep, glyphs }
  }

  private shape(text: string): Shaped[] {
    const known = this.shaped.get(text)
    if (known) return known
    if (this.shaped.size >= SHAPED_WORDS) this.shaped.clear()
    const buffer = this.hb.createBuffer()
    try {
      buffer.addText(text)
      buffer.guessSegmentProperties()
      this.hb.shape(this.font, buffer)
      const glyphs = buffer.json()
      this.shaped.set(text, glyphs)
      return glyphs
    } finally {
      buffer.destroy()
    }
  }

  /** Its pen `phase` quarters of a pixel right of a whole pixel. */
  private glyph(id: number, fontSize: number, phase: number): DrawnGlyph {
    const key = `${id} ${fontSize} ${phase}`
    let drawn = this.drawn.get(key)
    if (drawn) return drawn
    const scale = fontSize / this.upem
    const extents = this.font.glyphExtents(id)
    const path = this.font.glyphToPath(id)
    if (!extents || extents.width === 0 || !path) {
      drawn = { coverage: new Uint8Array(0), width: 0, height: 0, left: 0, top: 0 }
    } else {
      const shift = phase / PHASES
      const left = Math.floor(extents.xBearing * scale + shift) - 1
      const top = Math.floor(-extents.yBearing * scale) - 1
      const width = Math.ceil(extents.width * scale + shift) + 3
      const height = Math.ceil(-extents.height * scale) + 3
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path fill="#fff" transform="translate(${shift - left} ${-top}) scale(${scale} ${-scale})" d="${path}"/></svg>`
      drawn = { coverage: coverageOf(svg).coverage, width, height, left, top }
    }
    this.drawn.set(key, drawn)
    return drawn
  }
}
