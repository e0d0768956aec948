// A card is its label's frame, drawn once and kept, with its title laid over it (glyphs drawn once for a Latin title, else satori's).
import satori from 'satori'
import sharp from 'sharp'
import type { CardSpec, LogoSpec } from '../../universal/seo/social'
import { CARD_HEIGHT, CARD_WIDTH, TITLE_BOX, TITLE_FONT_FILE, cardFrame, cardTitle, loadCardFonts, logoSvg, titleStyle } from './design.server'
import { FallbackFonts, readFontFile } from './font-files.server'
import { layGlyphs } from './lay-glyphs.server'
import { SplicedPng } from './png.server'
import { coverageOf, rasterize } from './raster.server'
import { TitleSetter, type SetTitle } from './title-glyphs.server'

/** The smallest file: it is written once a build. */
const LOGO_PNG = { compressionLevel: 9, adaptiveFiltering: true } as const

/** One set a thread: satori keeps the fonts it parsed with the `fonts` array, so painters share it. */
let satoriFonts: ReturnType<typeof satoriOptions> | undefined
function satoriOptions() {
  const fallbacks = new FallbackFonts()
  return { fonts: loadCardFonts(), loadAdditionalAsset: async (_code: string, segment: string) => fallbacks.fontsFor(segment) }
}

/** Keeps each label's frame (a handful per build). */
export class CardPainter {
  private readonly fonts = (satoriFonts ??= satoriOptions())
  private readonly frames = new Map<string, Promise<SplicedPng>>()
  private readonly setter = TitleSetter.load(readFontFile(TITLE_FONT_FILE))

  /** `glyphs: false`: every title by satori; `palette: false`: every card RGB (what the tests hold the fast paths to). */
  constructor(private readonly options: { glyphs?: boolean; palette?: boolean } = {}) {
    // The logo is written once: sharp's cache would only hold memory, and its threads compete with the other painters, one per core.
    sharp.cache(false)
    sharp.concurrency(1)
  }

  async draw(spec: CardSpec | LogoSpec): Promise<Buffer> {
    if (spec.kind === 'logo')
      return sharp(rasterize(logoSvg(spec.size)).pixels, { raw: { width: spec.size, height: spec.size, channels: 4 } })
        .png(LOGO_PNG)
        .toBuffer()
    const frame = await this.frame(spec)
    const title =
      (this.options.glyphs !== false ? (await this.setter).set(spec.title, TITLE_BOX.width, titleStyle(spec.title)) : undefined) ??
      (await this.satoriTitle(spec.title))
    const count = Math.min(title.height, TITLE_BOX.height)
    let card = frame.cardRows(count, this.options.palette === false)
    // A title whose edges blend into more colours than a palette holds: the card is drawn again as RGB.
    if (!layGlyphs(card, title)) layGlyphs((card = frame.cardRows(count, true)), title)
    return frame.png(card)
  }

  /** As one "glyph" at the title box's top left: it is drawn in one colour. */
  private async satoriTitle(title: string): Promise<SetTitle> {
    const { coverage, width, height } = coverageOf(await satori(cardTitle(title) as never, { width: TITLE_BOX.width, ...this.fonts }))
    // Built as title-glyphs.server.ts builds a glyph: objects of one shape keep layGlyphs' property reads fast.
    return { height, glyphs: [{ drawn: { coverage, width, height, left: 0, top: 0 }, x: 0, y: 0 }] }
  }

  private frame({ label, productName, host }: CardSpec): Promise<SplicedPng> {
    const key = JSON.stringify([label, productName, host])
    let frame = this.frames.get(key)
    if (!frame) {
      frame = satori(cardFrame({ label, productName, host }) as never, { width: CARD_WIDTH, height: CARD_HEIGHT, ...this.fonts })
        // The frame is opaque: its premultiplied RGBA is plain RGBA, written as RGB.
        .then((svg) =>
          sharp(rasterize(svg).pixels, { raw: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 4 } })
            .removeAlpha()
            .raw()
            .toBuffer(),
        )
        .then((rgb) => new SplicedPng(rgb, CARD_WIDTH, CARD_HEIGHT, TITLE_BOX.top))
      this.frames.set(key, frame)
    }
    return frame
  }
}
