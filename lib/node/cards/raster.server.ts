// Every SVG the cards draw is drawn to pixels here, by resvg, with one set of options.
import { Resvg } from '@resvg/resvg-js'

/** Premultiplied RGBA; text is already paths, so no system font is loaded; `pixels` read once: resvg copies them on every read. */
export function rasterize(svg: string): { width: number; height: number; pixels: Buffer } {
  const image = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render()
  return { width: image.width, height: image.height, pixels: image.pixels }
}

/** What an SVG drawn in one colour covers of each pixel (0–255, its alpha). */
export function coverageOf(svg: string): { coverage: Uint8Array; width: number; height: number } {
  const { width, height, pixels } = rasterize(svg)
  const coverage = new Uint8Array(width * height)
  for (let index = 0; index < coverage.length; index++) coverage[index] = pixels[index * 4 + 3]!
  return { coverage, width, height }
}
