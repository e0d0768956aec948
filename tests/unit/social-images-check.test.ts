// check:site's rule for social images: every indexable page names one og:image, a built PNG of
// 1200 × 630 with its size, alt text and Twitter's large card in the head, and no drawn card serves
// two pages; a writer's own picture may.
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkedPage, type SiteCheckInput } from '../../lib/checks/checked-page'
import { PNG_HEAD_BYTES, checkSocialImages, pngSize } from '../../lib/checks/social-images'

const SITE = 'https://example.test'
const CARD = (name: string) => `/assets/cards/${name.repeat(32)}.png`

/** Image files by path (no leading slash), as the built folder would hold them. */
let files: Record<string, Buffer>
beforeAll(async () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#0b3d91' } })
      .png()
      .toBuffer()
  files = {
    [CARD('a').slice(1)]: await png(1200, 630),
    [CARD('b').slice(1)]: await png(1200, 630),
    [CARD('c').slice(1)]: await png(1200, 600),
    [CARD('d').slice(1)]: await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer(),
    'assets/images/team-card.0123456789.png': await png(1200, 630),
  }
})

interface HeadSpec {
  image?: string | null
  width?: string
  alt?: string
  twitter?: string
  robots?: string
}

function page(file: string, { image, width = '1200', alt = 'What it shows', twitter = 'summary_large_image', robots = 'index, follow' }: HeadSpec) {
  const imageTags =
    image === null
      ? ''
      : `<meta property="og:image" content="${image}"><meta property="og:image:width" content="${width}"><meta property="og:image:height" content="630"><meta property="og:image:alt" content="${alt}">`
  return checkedPage(
    file,
    `<html><head><meta name="robots" content="${robots}">${imageTags}<meta name="twitter:card" content="${twitter}"></head><body></body></html>`,
  )
}

function check(pages: Record<string, HeadSpec>) {
  const input: SiteCheckInput = {
    pages: Object.entries(pages).map(([file, spec]) => page(file, spec)),
    siteUrl: SITE,
    files: new Set([...Object.keys(pages), ...Object.keys(files)]),
    sitemapUrls: undefined,
  }
  return checkSocialImages(input, (file) => files[file]!.subarray(0, PNG_HEAD_BYTES)).map(({ file, problem }) => `${file}: ${problem}`)
}

describe('the social images check', () => {
  it('passes pages that each name their own 1200 × 630 PNG, and noindex pages that name none', () => {
    expect(
      check({
        'index.html': { image: `${SITE}${CARD('a')}` },
        'topics/x.html': { image: `${SITE}${CARD('b')}` },
        'thank-you.html': { image: null, robots: 'noindex, nofollow', twitter: 'summary' },
        '404.html': { image: null, robots: 'noindex, nofollow', twitter: 'summary' },
      }),
    ).toEqual([])
  })

  it('finds an indexable page without og:image, a relative or foreign one, one not built', () => {
    expect(
      check({
        'index.html': { image: null },
        'blog.html': { image: CARD('a') },
        'topics.html': { image: `https://elsewhere.test${CARD('b')}` },
        'topics/x.html': { image: `${SITE}/assets/cards/missing.png` },
      }),
    ).toEqual([
      'index.html: no og:image',
      `blog.html: og:image "${CARD('a')}" is not an absolute URL on ${SITE}`,
      `topics.html: og:image "https://elsewhere.test${CARD('b')}" is not an absolute URL on ${SITE}`,
      'topics/x.html: og:image /assets/cards/missing.png is not built',
    ])
  })

  it('finds an image of the wrong size or type, and a head that says another size, no alt text or the small Twitter card', () => {
    expect(
      check({
        'index.html': { image: `${SITE}${CARD('c')}` },
        'blog.html': { image: `${SITE}${CARD('d')}` },
        'topics.html': { image: `${SITE}${CARD('a')}`, width: '600', alt: ' ', twitter: 'summary' },
      }),
    ).toEqual([
      `index.html: og:image ${CARD('c')} is 1200 × 600 px`,
      `blog.html: og:image ${CARD('d')} is not a PNG`,
      'topics.html: og:image:width and og:image:height say 600 × 630',
      'topics.html: og:image has no og:image:alt',
      'topics.html: twitter:card is "summary"',
    ])
  })

  it('finds a drawn card shown by two pages, but lets two articles share a picture of their own', () => {
    const own = `${SITE}/assets/images/team-card.0123456789.png`
    expect(
      check({
        'topics/x.html': { image: `${SITE}${CARD('a')}` },
        'topics/y.html': { image: `${SITE}${CARD('a')}` },
        'blog/a.html': { image: own },
        'blog/b.html': { image: own },
      }),
    ).toEqual([`topics/y.html: og:image ${CARD('a')} is also the og:image of topics/x.html`])
  })

  it("reads a PNG's size from its first bytes, and nothing from other bytes", () => {
    expect(pngSize(files[CARD('a').slice(1)]!.subarray(0, PNG_HEAD_BYTES))).toEqual({ width: 1200, height: 630 })
    expect(pngSize(files[CARD('d').slice(1)]!.subarray(0, PNG_HEAD_BYTES))).toBeUndefined()
    expect(pngSize(Buffer.alloc(4))).toBeUndefined()
  })
})
