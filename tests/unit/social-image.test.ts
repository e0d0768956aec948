// An article's own social image (`image:` and `imageAlt:` in its frontmatter): what a shared link
// shows instead of the drawn card. It must be a file of the content folder, at least 1200 × 630; it
// is cropped to exactly that, as a PNG, so that the page's og:image:width and og:image:height are true.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { articleSocial } from '../../lib/node/cards/cards.server'
import { readContent } from '../../lib/node/content.server'
import { articleMarkdown, contentCopy, pngFile, problemsIn, seededImageCaches, writeFile } from './content-fixture'

/** A cache of the test's own that holds the real content's images already. */
const imageCache = seededImageCaches('seeded-social-')

describe("an article's own social image", () => {
  it('is cropped to a 1200 × 630 PNG under /assets/images/ and shown instead of the drawn card', async () => {
    const dir = contentCopy()
    await pngFile(dir, 'images/team.png', { width: 2000, height: 1500 })
    writeFile(dir, 'blog/x.md', articleMarkdown({ image: 'image: ../images/team.png', imageAlt: 'imageAlt: The team at work' }, 'Body.\n'))
    const cache = imageCache()
    const content = await readContent(dir, undefined, undefined, cache)
    const post = content.postsBySlug.get('x')!
    expect(post.socialImage).toEqual({
      url: expect.stringMatching(/^\/assets\/images\/team-card\.[0-9a-f]{10}\.png$/),
      width: 1200,
      height: 630,
      alt: 'The team at work',
    })
    const name = post.socialImage!.url.slice('/assets/images/'.length)
    expect(cache.usedFiles()).toContain(name)
    expect(await sharp(readFileSync(cache.fileOf(name))).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 })

    const { social, drawn } = articleSocial(post, 'Article', content.site)
    expect(social.image).toBe(post.socialImage)
    // No card is drawn for it; the publisher's raster logo still is.
    expect(drawn.map((image) => image.spec.kind)).toEqual(['logo'])
  })

  it('fails the build naming the file and field when the picture is missing, too small, or has no alt text', async () => {
    const dir = contentCopy()
    await pngFile(dir, 'blog/small.png', { width: 1200, height: 600 })
    await pngFile(dir, 'blog/wide.png', { width: 1600, height: 900 })
    const missing = writeFile(dir, 'blog/a.md', articleMarkdown({ image: 'image: ./nope.png', imageAlt: 'imageAlt: Nothing' }, 'Body.\n'))
    const small = writeFile(dir, 'blog/b.md', articleMarkdown({ image: 'image: ./small.png', imageAlt: 'imageAlt: A band' }, 'Body.\n'))
    const noAlt = writeFile(dir, 'blog/c.md', articleMarkdown({ image: 'image: ./wide.png' }, 'Body.\n'))
    const noImage = writeFile(dir, 'blog/d.md', articleMarkdown({ imageAlt: 'imageAlt: A picture' }, 'Body.\n'))
    const outside = writeFile(dir, 'blog/e.md', articleMarkdown({ image: 'image: https://example.com/x.png', imageAlt: 'imageAlt: Elsewhere' }, 'Body.\n'))
    expect(await problemsIn(dir, imageCache())).toEqual([
      `${missing}: image: ./nope.png: file not found`,
      `${small}: image: ./small.png: 1200 × 600 px, smaller than the 1200 × 630 px a shared link shows; use a picture at least that size (it is cropped to it)`,
      `${noAlt}: imageAlt: required with \`image\`: say what the picture shows, for people who cannot see it`,
      `${noImage}: imageAlt: describes a social image, but \`image\` is not set`,
      `${outside}: image: https://example.com/x.png: expected a file of the content folder, written from this file (./chart.png, ../images/chart.png)`,
    ])
  })
})
