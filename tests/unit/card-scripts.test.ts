// A card's title in a script Inter lacks (Japanese, Arabic, Devanagari) is drawn whole, with a fallback
// font loaded for it alone; a letter no card font draws fails the build, naming its file and the letters.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setCardsEnabled, socialCard } from '../../lib/node/cards/cards.server'
import { TITLE_BOX, drawableText } from '../../lib/node/cards/design.server'
import { CardPainter } from '../../lib/node/cards/draw.server'
import { FallbackFonts } from '../../lib/node/cards/font-files.server'
import { readTopicFile } from '../../lib/node/content.server'
import { loadSite } from '../../lib/node/site.server'
import type { CardSpec } from '../../lib/universal/seo/social'
import { contentProblems, tempDir, topicMarkdown, writeFile } from './content-fixture'

const site = { ...loadSite('content', {}), siteUrl: 'https://www.example.test' }
const painter = new CardPainter()

afterEach(() => {
  vi.restoreAllMocks()
  setCardsEnabled(true)
})

/** The card a topic titled `title` gets, as the build draws it. */
function cardOf(title: string): CardSpec {
  return socialCard(title, 'Topic', site)!.drawn.spec as CardSpec
}

/** The title box's pixels the title inks: those lighter than on the same card titled with one dot. */
async function titleInk(spec: CardSpec): Promise<{ count: number; left: number; right: number }> {
  const pixels = async (title: string) =>
    sharp(await painter.draw({ ...spec, title }))
      .raw()
      .toBuffer()
  const [card, frame] = await Promise.all([pixels(spec.title), pixels('.')])
  const ink = { count: 0, left: Infinity, right: -Infinity }
  for (let row = TITLE_BOX.top; row < TITLE_BOX.top + TITLE_BOX.height; row++)
    for (let column = 0; column < 1200; column++) {
      const at = (row * 1200 + column) * 3
      // The title is white on the blue: ink is where the card is lighter than the frame (the frame's dot is not).
      if (card[at]! + card[at + 1]! + card[at + 2]! - (frame[at]! + frame[at + 1]! + frame[at + 2]!) < 96) continue
      ink.count++
      ink.left = Math.min(ink.left, column)
      ink.right = Math.max(ink.right, column)
    }
  return ink
}

describe('a card titled in a script Inter lacks', () => {
  const titles = {
    Japanese: 'LinkedInプロフィール監査：見込み客に選ばれる書き方',
    Arabic: 'تدقيق ملف LinkedIn الشخصي: دليل كامل',
    Devanagari: 'LinkedIn प्रोफ़ाइल ऑडिट: पूरी गाइड',
  }

  it.each(Object.entries(titles))('shows the whole %s title, not only its Latin word', async (_script, title) => {
    const card = cardOf(title)
    expect(card.title).toBe(title)
    // Each title says more than "LinkedIn": its card carries at least twice the ink of one that says only that.
    const [whole, latinOnly] = await Promise.all([titleInk(card), titleInk({ ...card, title: 'LinkedIn' })])
    expect(whole.count).toBeGreaterThan(2 * latinOnly.count)
  })

  it('sets an Arabic title from the right edge of the title box, leaving out its vowel marks (satori would draw them on the letters), never a letter', async () => {
    const ink = await titleInk(cardOf('دليل كامل'))
    expect(ink.right).toBeGreaterThan(TITLE_BOX.left + TITLE_BOX.width - 12)
    expect(ink.left).toBeGreaterThan(TITLE_BOX.left + TITLE_BOX.width / 2)
    expect(drawableText('مُدَرِّب القُرْآن')).toBe('مدرب القرآن')
  })

  it('loads no fallback font for a title in the Latin alphabet, drawn from glyphs or by satori', async () => {
    const asked = vi.spyOn(FallbackFonts.prototype, 'fontsFor')
    const spec = cardOf('Café owners: why naïve headlines cost clients')
    await painter.draw(spec)
    await new CardPainter({ glyphs: false }).draw(spec)
    await new CardPainter({ glyphs: false }).draw(cardOf('LinkedIn для коучей'))
    expect(asked).not.toHaveBeenCalled()
  })
})

describe('a card title with letters no card font draws', () => {
  const korean = 'LinkedIn 프로필 감사'

  it('fails the content check, naming the file, the field and each letter, and the painter refuses to draw it', async () => {
    const dir = tempDir('card-scripts-')
    mkdirSync(join(dir, 'topics'))
    const file = writeFile(dir, 'topics/x.md', topicMarkdown({ title: `title: ${korean}` }))
    const problems = await contentProblems(() => readTopicFile({ slug: 'x', file }, site))
    expect(problems).toEqual([expect.stringContaining(`${file}: title: the social card has no font for "프" (U+D504), "로" (U+B85C), "필" (U+D544)`)])
    expect(problems[0]).toContain('"감" (U+AC10), "사" (U+C0AC)')
    expect(cardOf(korean).title).toBe(korean)
    await expect(painter.draw(cardOf(korean))).rejects.toThrow('no card font draws "프" (U+D504), "로" (U+B85C), "필" (U+D544), "감" (U+AC10), "사" (U+C0AC)')
    // Without cards (--no-cards) nothing is drawn, and nothing is refused.
    setCardsEnabled(false)
    expect(await contentProblems(() => readTopicFile({ slug: 'x', file }, site))).toEqual([])
  })
})
