// A card's title set from glyphs drawn once (lib/node/cards/title-glyphs.server.ts) against the same
// title drawn whole by satori and resvg: the card a reader sees must not depend on which drew it.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { TITLE_BOX, TITLE_FONT_FILE, titleStyle } from '../../lib/node/cards/design.server'
import { readFontFile } from '../../lib/node/cards/font-files.server'
import { CardPainter } from '../../lib/node/cards/draw.server'
import { TitleSetter } from '../../lib/node/cards/title-glyphs.server'
import type { CardSpec } from '../../lib/universal/seo/social'

const card = (title: string): CardSpec => ({ kind: 'card', title, label: 'Topic', productName: 'AuthorityLens', host: 'example.test' })
const withGlyphs = new CardPainter()
const bySatori = new CardPainter({ glyphs: false })
const pixels = async (painter: CardPainter, title: string) =>
  sharp(await painter.draw(card(title)))
    .raw()
    .toBuffer()

/** The rows and columns of the title box where `a` and `frame` differ: the title's ink. */
function inkBox(image: Buffer, frame: Buffer) {
  const box = { top: Infinity, bottom: -Infinity, left: Infinity, right: -Infinity }
  for (let index = 0; index < image.length; index += 3) {
    if (image[index] === frame[index] && image[index + 1] === frame[index + 1] && image[index + 2] === frame[index + 2]) continue
    const pixel = index / 3
    const [row, column] = [Math.floor(pixel / 1200), pixel % 1200]
    box.top = Math.min(box.top, row)
    box.bottom = Math.max(box.bottom, row)
    box.left = Math.min(box.left, column)
    box.right = Math.max(box.right, column)
  }
  return box
}

describe("a card's title set from glyphs", () => {
  // Each of the five sizes, one to four lines, a kerned pair across a space (", "), digits, accents and punctuation.
  const titles = [
    'Competitor direct fresh 00001',
    'AVAToday: Wave, kerning test',
    'Why Most LinkedIn Profiles Fail (and What Works Instead)',
    'Café owners: naïve headlines cost déjà-vu clients on LinkedIn',
    'A very long title about LinkedIn authority that needs three or even four lines to fit in',
    'The complete guide to writing a LinkedIn About section that turns profile visits into booked calls',
  ]

  it.each(titles)('draws "%s" as satori does', async (title) => {
    const frame = await pixels(bySatori, '.')
    const [glyphs, satori] = await Promise.all([pixels(withGlyphs, title), pixels(bySatori, title)])
    let difference = 0
    for (let index = 0; index < glyphs.length; index++) difference += Math.abs(glyphs[index]! - satori[index]!)
    // Over the title box, a channel differs by less than 1.5 levels of 255 on average: glyphs are placed to
    // a quarter pixel, and a word of a long title may sit a pixel left or right of satori's.
    expect(difference / (TITLE_BOX.width * TITLE_BOX.height * 3)).toBeLessThan(1.5)
    const [mine, theirs] = [inkBox(glyphs, frame), inkBox(satori, frame)]
    for (const side of ['top', 'bottom', 'left', 'right'] as const) expect(Math.abs(mine[side] - theirs[side]), side).toBeLessThanOrEqual(2)
  })

  it('leaves to satori what it cannot set the same way', async () => {
    const setter = await TitleSetter.load(readFontFile(TITLE_FONT_FILE))
    const set = (title: string) => setter.set(title, TITLE_BOX.width, titleStyle(title))
    expect(set('LinkedIn for coaches')).toBeDefined()
    // A letter outside the font's Latin subset (Inter's Cyrillic comes from another file).
    expect(set('LinkedIn для коучей')).toBeUndefined()
    // A word wider than the box, which satori breaks.
    expect(set('Supercalifragilisticexpialidocious')).toBeUndefined()
    // More lines than the title may take: satori ends the last with an ellipsis.
    expect(set('Why most LinkedIn profiles fail and what works instead '.repeat(6).trim())).toBeUndefined()
    // A hyphenated word carried to the next line: satori may break it after the hyphen. Inside a line, it is set.
    expect(set('Eleven ways to make a LinkedIn headline more clearly client-focused')).toBeUndefined()
    expect(set('Eleven ways to make a LinkedIn headline more client-focused')).toBeDefined()
    expect(set('Two  spaces')).toBeUndefined()
  })
})
