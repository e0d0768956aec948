// The social cards: what the build draws (a 1200 × 630 PNG per page, the raster logo), how each is
// named (by what it is drawn from), and the build's card stage, which draws a picture once and takes
// it from the cache ever after.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { rasterLogo, setCardsEnabled, socialCard } from '../../lib/node/cards/cards.server'
import { drawableText } from '../../lib/node/cards/design.server'
import { CardPainter } from '../../lib/node/cards/draw.server'
import { loadSite } from '../../lib/node/site.server'
import type { CardSpec, DrawnImage } from '../../lib/universal/seo/social'
import { CardStage } from '../../pipeline/cards'
import { tempDir } from './content-fixture'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const site = { ...loadSite('content', {}), siteUrl: 'https://www.example.test' }
const card = (title: string, label = 'Topic'): CardSpec => ({ kind: 'card', title, label, productName: 'AuthorityLens', host: 'example.test' })

afterEach(() => {
  setCardsEnabled(true)
})

describe('a drawn card', () => {
  const painter = new CardPainter()

  it('is a PNG of 1200 × 630, opaque, the same bytes each time it is drawn; the raster logo a square PNG', async () => {
    const png = await painter.draw(card('How to write a LinkedIn headline that recruiters notice'))
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE)
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630, channels: 3 })
    expect(await painter.draw(card('How to write a LinkedIn headline that recruiters notice'))).toEqual(png)
    expect(await sharp(await painter.draw({ kind: 'logo', size: 512 })).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 })
  })

  it('shows its title: another title draws other pixels inside the title box only', async () => {
    const pixels = async (title: string) =>
      sharp(await painter.draw(card(title)))
        .raw()
        .toBuffer()
    const [a, b] = await Promise.all([pixels('A short title'), pixels('Another title altogether')])
    const rowsDiffering = new Set<number>()
    for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) rowsDiffering.add(Math.floor(index / (1200 * 3)))
    expect(rowsDiffering.size).toBeGreaterThan(20)
    // The title box starts 214 px down and is 300 px tall: the brand above it and the address below it are the frame's.
    expect(Math.min(...rowsDiffering)).toBeGreaterThanOrEqual(214)
    expect(Math.max(...rowsDiffering)).toBeLessThan(514)
  })

  it('leaves out what the font cannot draw (an emoji, a symbol), keeping every Latin, Greek or Cyrillic letter', () => {
    expect(drawableText('Ship it 🚀 ✓ now')).toBe('Ship it now')
    expect(drawableText('Łódź, naïve “café” — Ωmega, Привет')).toBe('Łódź, naïve “café” — Ωmega, Привет')
  })
})

describe("a page's card", () => {
  it('is named by what it is drawn from: its URL changes with the title, the label and the site, never otherwise', () => {
    const first = socialCard('A title', 'Topic', site)!
    expect(first.image).toEqual({
      url: expect.stringMatching(/^\/assets\/cards\/[0-9a-f]{32}\.png$/),
      width: 1200,
      height: 630,
      alt: 'AuthorityLens topic: A title',
    })
    expect(first.drawn.spec).toEqual({ kind: 'card', title: 'A title', label: 'Topic', productName: 'AuthorityLens', host: 'example.test' })
    expect(socialCard('A title', 'Topic', site)!.image.url).toBe(first.image.url)
    const others = [
      socialCard('Another title', 'Topic', site),
      socialCard('A title', 'Article', site),
      socialCard('A title', 'Topic', { ...site, productName: 'Acme Lens' }),
      socialCard('A title', 'Topic', { ...site, siteUrl: 'https://other.test' }),
    ].map((other) => other!.image.url)
    expect(new Set([first.image.url, ...others]).size).toBe(5)
  })

  it('is left out, with the raster logo, when cards are off (--no-cards)', () => {
    setCardsEnabled(false)
    expect(socialCard('A title', 'Topic', site)).toBeUndefined()
    expect(rasterLogo()).toBeUndefined()
  })
})

describe("the build's card stage", () => {
  const images: DrawnImage[] = [
    { key: 'a'.repeat(32), spec: card('First page') },
    { key: 'b'.repeat(32), spec: card('Second page', 'Article') },
    { key: 'c'.repeat(32), spec: { kind: 'logo', size: 512 } },
  ]
  const published = (client: string) => readdirSync(join(client, 'assets/cards')).sort()

  it('draws each picture once, publishes it under /assets/cards/, and draws none on the next build', async () => {
    const cache = join(tempDir('cards-'), 'cards')
    const first = join(tempDir('client-'), 'client')
    const stage = new CardStage(cache, first, false, 2)
    stage.need(images.slice(0, 2))
    // A picture two pages name (the logo of every article) is drawn once.
    stage.need([images[2]!, images[0]!])
    stage.need([images[2]!])
    await stage.finish()
    expect({ count: stage.count, drawn: stage.drawn, reused: stage.reused }).toEqual({ count: 3, drawn: 3, reused: 0 })
    expect(published(first)).toEqual(images.map(({ key }) => `${key}.png`))
    for (const { key } of images) expect(readFileSync(join(first, 'assets/cards', `${key}.png`)).subarray(0, 8)).toEqual(PNG_SIGNATURE)

    const second = join(tempDir('client-'), 'client')
    const again = new CardStage(cache, second, false, 2)
    again.need(images)
    await again.finish()
    expect({ drawn: again.drawn, reused: again.reused }).toEqual({ drawn: 0, reused: 3 })
    for (const { key } of images)
      expect(readFileSync(join(second, 'assets/cards', `${key}.png`))).toEqual(readFileSync(join(first, 'assets/cards', `${key}.png`)))
  })

  it('keeps in its cache only the pictures the last build named, and draws every picture again with --fresh', async () => {
    const cache = join(tempDir('cards-'), 'cards')
    const stage = new CardStage(cache, join(tempDir('client-'), 'client'), false, 1)
    stage.need(images)
    await stage.finish()
    writeFileSync(join(cache, `${'d'.repeat(32)}.png.123.tmp`), 'left by a build that stopped')
    const next = new CardStage(cache, join(tempDir('client-'), 'client'), false, 1)
    next.need([images[0]!])
    await next.finish()
    next.prune()
    expect(readdirSync(cache)).toEqual([`${images[0]!.key}.png`])
    const fresh = new CardStage(cache, join(tempDir('client-'), 'client'), true, 1)
    fresh.need([images[0]!])
    await fresh.finish()
    expect({ drawn: fresh.drawn, reused: fresh.reused }).toEqual({ drawn: 1, reused: 0 })
    expect(readdirSync(cache)).toEqual([`${images[0]!.key}.png`])
  })
})
