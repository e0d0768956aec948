// Every SVG the cards draw (a label's frame, a title satori laid out, one glyph of a title, the logo)
// is drawn to pixels here, by resvg, with one set of options.
import { Resvg } from '@resvg/resvg-js'

/** An SVG drawn by resvg: its size and its pixels. */
export interface Raster {
  width: number
  height: number
  /** RGBA, premultiplied by alpha (plain RGBA where the image is opaque). */
  pixels: Buffer
}

/**
 * Draws an SVG at its own size. Its text is already paths (satori and HarfBuzz give the glyphs' outlines),
 * so resvg loads none of the system's fonts (2 ms an SVG when it did). The pixels are read once: resvg's
 * `pixels` copies them on every read.
 */
export function rasterize(svg: string): Raster {
  const image = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render()
  return { width: image.width, height: image.height, pixels: image.pixels }
}
