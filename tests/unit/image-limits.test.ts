import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/node/content.server'
import { articleMarkdown, contentCopy, contentProblems, pngFile, seededImageCaches, writeFile } from './content-fixture'

// A source image too large to be worth encoding (a camera's original, a screenshot of a whole site) fails
// the build at its file, naming the limit, before sharp spends seconds on it.
const imageCache = seededImageCaches('image-limits-')

/** A real PNG of random pixels, which do not compress: about 3 bytes a pixel. */
async function noisePng(file: string, side: number): Promise<void> {
  await sharp({ create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toFile(file)
}

describe('an image past the limits a source may have', () => {
  it('fails the build naming the file and the limit: over 10 MB, over 6,000 px on a side', async () => {
    const dir = contentCopy()
    await noisePng(join(dir, 'blog/photo.png'), 2000)
    await pngFile(dir, 'images/banner.png', { width: 6400, height: 800 })
    await pngFile(dir, 'blog/cover.png', { width: 1600, height: 6001 })
    const file = writeFile(
      dir,
      'blog/x.md',
      articleMarkdown({ cover: 'cover: ./cover.png', coverAlt: 'coverAlt: A tall cover' }, '![A photo](./photo.png)\n\n![A banner](../images/banner.png)\n'),
    )
    const cache = imageCache()
    const problems = await contentProblems(() => readContent(dir, undefined, undefined, cache))
    const shown = 'the site shows it at most 1,600 px wide'
    expect(problems).toEqual([
      `${file}:9: image ./photo.png: 12.0 MB, more than the 10 MB an image may be; save it smaller (${shown}; a photo is far smaller as JPEG or WebP)`,
      `${file}:11: image ../images/banner.png: 6400 × 800 px, more than the 6,000 px an image may have on a side; scale it down (${shown})`,
      `${file}: cover: image ./cover.png: 1600 × 6001 px, more than the 6,000 px an image may have on a side; scale it down (${shown})`,
    ])
    // Refused before sharp encodes it, which took 43 s for these three here.
    expect(cache.encoded).toBe(0)
  }, 60_000)
})
