import { createHash } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { readContent } from '../../lib/node/content.server'
import { ImageCache } from '../../lib/node/image-cache.server'
import { COLUMN_WIDTH, IMAGE_SIZES } from '../../lib/node/images.server'
import { loadUiText } from '../../lib/node/ui-text.server'
import { articleSeo } from '../../lib/universal/seo/article'
import { ARTICLE_BODY, articleMarkdown, contentCopy, pngFile, problemsIn, seededImageCaches, topicMarkdown, writeFile } from './content-fixture'

/** A cache of the test's own that holds the real content's images already. */
const imageCache = seededImageCaches('seeded-images-')

/** The real content with `blog/x.md` added, read through a cache of the test's own; the cache and the article's HTML. */
async function readPost(dir: string, markdown: string, cache = imageCache()) {
  writeFile(dir, 'blog/x.md', markdown)
  const content = await readContent(dir, undefined, undefined, cache)
  return { cache, post: content.postsBySlug.get('x')!, content }
}

/** The real content with a PNG at `png` of `size`, and `blog/x.md` of `body`, read as readPost reads it. */
async function readPostWith(png: string, size: Parameters<typeof pngFile>[2], body: string) {
  const dir = contentCopy()
  await pngFile(dir, png, size)
  return readPost(dir, articleMarkdown({}, body))
}

/** Every `/assets/images/…` URL of some HTML, in order, each once. */
const imageUrls = (html: string) => [...new Set([...html.matchAll(/\/assets\/images\/[^\s",]+/g)].map(([url]) => url))]
const nameOf = (url: string) => url.slice('/assets/images/'.length)
const mtimes = (cache: ImageCache) => cache.usedFiles().map((name) => statSync(cache.fileOf(name)).mtimeMs)
/** The files a cache used for the test's images, named `stem-…`. */
const filesOf = (cache: ImageCache, stem: string) => cache.usedFiles().filter((name) => name.startsWith(`${stem}-`))

describe('an image in an article', () => {
  it('becomes a picture beside the test article’s code and topic link: AVIF, WebP and JPEG at every width up to the source, its size written in, lazy', async () => {
    const body = `${ARTICLE_BODY}\n![A chart of the five gaps](./chart.png "The five gaps")\n`
    const { post, cache } = await readPostWith('blog/chart.png', { width: 1000, height: 625 }, body)
    const widths = (extension: string) => [480, 800, 1000].map((width) => `/assets/images/chart-${width}\\.[0-9a-f]{10}\\.${extension} ${width}w`).join(', ')
    const sizes = IMAGE_SIZES.replace(/[()]/g, '\\$&')
    expect(post.html).toMatch(
      new RegExp(
        `\\n<p><picture>` +
          `<source type="image/avif" srcset="${widths('avif')}" sizes="${sizes}">` +
          `<source type="image/webp" srcset="${widths('webp')}" sizes="${sizes}">` +
          `<img src="/assets/images/chart-1000\\.[0-9a-f]{10}\\.jpg" srcset="${widths('jpg')}" sizes="${sizes}" width="1000" height="625" ` +
          `alt="A chart of the five gaps" title="The five gaps" loading="lazy" decoding="async"></picture></p>$`,
      ),
    )
    expect(post.html).toContain('<span class="hljs-keyword">const</span>')
    expect(post.html).not.toContain('style=')
    expect(post.html).toContain('href="/topics/linkedin-proof-signals"')
    // Each file the picture names is in the cache, named by the digest of its bytes, in its format and width.
    const urls = imageUrls(post.html)
    expect(urls).toHaveLength(9)
    expect(filesOf(cache, 'chart')).toEqual(urls.map(nameOf).sort())
    for (const url of urls) {
      const bytes = readFileSync(cache.fileOf(nameOf(url)))
      const [, width, hash, extension] = /-(\d+)\.([0-9a-f]{10})\.(\w+)$/.exec(url)!
      expect(createHash('sha256').update(bytes).digest('hex').slice(0, 10), url).toBe(hash)
      const metadata = await sharp(bytes).metadata()
      expect({ format: metadata.format, width: metadata.width }, url).toEqual({
        format: { avif: 'heif', jpg: 'jpeg' }[extension!] ?? extension,
        width: Number(width),
      })
    }
  })

  it('falls back to PNG when the image has transparent pixels, which JPEG cannot keep', async () => {
    const { post } = await readPostWith('blog/logo.png', { width: 800, height: 400, transparent: true }, 'Intro.\n\n![The logo](./logo.png)\n')
    expect(post.html).toMatch(/<img src="\/assets\/images\/logo-800\.[0-9a-f]{10}\.png" srcset="[^"]+\.png 480w, [^"]+\.png 800w"/)
  })

  it('makes no width past the source, nor past 1,600 px', async () => {
    const { post } = await readPostWith('images/wide.png', { width: 2000, height: 500 }, 'Intro.\n\n![A wide band](../images/wide.png)\n')
    expect(
      imageUrls(post.html)
        .filter((url) => url.endsWith('.avif'))
        .map((url) => Number(/-(\d+)\./.exec(url)![1])),
    ).toEqual([480, 800, 1200, 1600])
    expect(post.html).toContain('width="1600" height="400"')
  })

  it('loads an image the article opens with at once and first: it is the top of the page', async () => {
    const { post } = await readPostWith(
      'blog/chart.png',
      { width: 800, height: 500 },
      '![A chart](./chart.png)\n\nThen text.\n\n![The chart again](./chart.png)\n',
    )
    const [first, second] = post.html.match(/<img [^>]+>/g)!
    expect(first).toContain('fetchpriority="high"')
    expect(first).not.toContain('loading=')
    expect(second).toContain('loading="lazy" decoding="async"')
  })

  it('takes an image written as a reference, whose definition is no broken link', async () => {
    const { post } = await readPostWith('images/chart.png', { width: 800, height: 500 }, 'Intro.\n\n![A chart][chart]\n\n[chart]: ../images/chart.png\n')
    expect(post.html).toMatch(/<picture><source type="image\/avif" srcset="\/assets\/images\/chart-480\./)
  })
})

describe('an image that cannot be shown fails the build at its file and line', () => {
  it('lists a missing file, no alt text, a source narrower than the column, one outside the content folder, of another site, an SVG, any on a topic page', async () => {
    const dir = contentCopy()
    await pngFile(dir, 'blog/small.png', { width: 600, height: 400 })
    await pngFile(dir, 'blog/chart.png', { width: 800, height: 500 })
    await pngFile(dir, 'images/chart.png', { width: 800, height: 500 })
    writeFile(dir, 'images/drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><rect width="800" height="400"/></svg>')
    const file = writeFile(
      dir,
      'blog/x.md',
      articleMarkdown({}, ['Intro.', '', '![A chart](./missing.png)', '', '![](./chart.png)', '', '![A small chart](./small.png)', ''].join('\n')),
    )
    const other = writeFile(
      dir,
      'blog/y.md',
      articleMarkdown(
        {},
        '![Outside](../../elsewhere.png)\n![Another site](https://example.com/x.png)\n![Public](/favicon.svg)\n![A drawing](../images/drawing.svg)\n',
      ),
    )
    const topic = writeFile(dir, 'topics/x.md', topicMarkdown({}, 'Copy.\n\n![A chart](../images/chart.png)\n'))
    const contentFile = 'expected a file of the content folder, written from this file (./chart.png, ../images/chart.png)'
    expect(await problemsIn(dir, imageCache())).toEqual([
      `${file}:9: image ./missing.png: file not found`,
      `${file}:11: image ./chart.png: no alt text; say what the image shows between the brackets: ![what it shows](./chart.png)`,
      `${file}:13: image ./small.png: 600 px wide, narrower than the ${COLUMN_WIDTH} px column it is shown in; use an image at least ${COLUMN_WIDTH} px wide (${2 * COLUMN_WIDTH} px stays sharp on high-density screens)`,
      `${other}:7: image ../../elsewhere.png: outside ${dir}/; put the image next to this file or in ${dir}/images/`,
      `${other}:8: image https://example.com/x.png: ${contentFile}`,
      `${other}:9: image /favicon.svg: ${contentFile}`,
      `${other}:10: image ../images/drawing.svg: is SVG; use a PNG, JPEG, WebP or AVIF file (draw an SVG to a PNG first: see content/README.md)`,
      `${topic}:16: image ../images/chart.png: topic pages show no images; put images in articles (blog/) or fixed pages (pages/)`,
    ])
  })
})

describe("an article's cover", () => {
  it('is shown at the top, loaded first, and named as the article image in JSON-LD; an image the body opens with then loads lazily', async () => {
    const dir = contentCopy()
    await pngFile(dir, 'blog/cover.png', { width: 1600, height: 900 })
    await pngFile(dir, 'blog/chart.png', { width: 800, height: 500 })
    const { post, content } = await readPost(
      dir,
      articleMarkdown({ cover: 'cover: ./cover.png', coverAlt: 'coverAlt: Two blocks of blue' }, '![A chart](./chart.png)\n'),
    )
    const cover = post.coverImage!
    expect(cover).toMatchObject({ width: 1600, height: 900 })
    expect(cover.url).toMatch(/^\/assets\/images\/cover-1600\.[0-9a-f]{10}\.jpg$/)
    expect(cover.html).toMatch(/^<picture><source type="image\/avif" srcset="[^"]+"[^>]*><source type="image\/webp"[^>]*><img src="([^"]+)"[^>]*><\/picture>$/)
    expect(cover.html).toContain(`<img src="${cover.url}"`)
    expect(cover.html).toContain('width="1600" height="900" alt="Two blocks of blue" fetchpriority="high">')
    expect(post.html).toContain('loading="lazy" decoding="async"')
    const seo = articleSeo(post, content.site, loadUiText(dir))
    expect(JSON.stringify(seo.jsonLd)).toContain(`"image":"${content.site.siteUrl}${cover.url}"`)
  })

  it('needs its alt text, and a file that is there', async () => {
    const dir = contentCopy()
    const file = writeFile(dir, 'blog/x.md', articleMarkdown({ cover: 'cover: ./cover.png' }, 'Body.\n'))
    const other = writeFile(dir, 'blog/y.md', articleMarkdown({ cover: 'cover: ./cover.png', coverAlt: 'coverAlt: A cover' }, 'Body.\n'))
    const third = writeFile(dir, 'blog/z.md', articleMarkdown({ coverAlt: 'coverAlt: A cover' }, 'Body.\n'))
    expect(await problemsIn(dir, imageCache())).toEqual([
      `${file}: coverAlt: required with \`cover\`: say what the image shows, for readers who cannot see it`,
      `${other}: cover: image ./cover.png: file not found`,
      `${third}: coverAlt: describes a cover, but \`cover\` is not set`,
    ])
  })
})

describe('the image cache', () => {
  it('encodes an image once: a second build takes every file from the cache and writes none; --fresh encodes again, to the same bytes and names', async () => {
    const dir = contentCopy()
    await pngFile(dir, 'blog/chart.png', { width: 900, height: 600 })
    const markdown = articleMarkdown({}, 'Intro.\n\n![A chart](./chart.png)\n')
    const first = await readPost(dir, markdown)
    expect(first.cache.encoded).toBe(1)
    const written = mtimes(first.cache)
    const bytes = first.cache.usedFiles().map((name) => readFileSync(first.cache.fileOf(name)))

    const second = await readPost(dir, markdown, new ImageCache(first.cache.dir))
    expect(second.cache.encoded).toBe(0)
    expect(second.post.html).toBe(first.post.html)
    expect(mtimes(second.cache)).toEqual(written)

    const fresh = await readPost(dir, markdown, new ImageCache(first.cache.dir, true))
    expect(fresh.cache.encoded).toBe(first.cache.count)
    expect(fresh.post.html).toBe(first.post.html)
    expect(fresh.cache.usedFiles().map((name) => readFileSync(fresh.cache.fileOf(name)))).toEqual(bytes)
  })

  it('encodes a changed image under new names, and drops the old files once a build no longer uses them', async () => {
    const dir = contentCopy()
    const source = await pngFile(dir, 'blog/chart.png', { width: 900, height: 600 })
    const markdown = articleMarkdown({}, 'Intro.\n\n![A chart](./chart.png)\n')
    const first = await readPost(dir, markdown)
    writeFileSync(source, await sharp(source).flop().png().toBuffer())
    const second = await readPost(dir, markdown, new ImageCache(first.cache.dir))
    expect(second.cache.encoded).toBe(1)
    const before = filesOf(first.cache, 'chart')
    const after = filesOf(second.cache, 'chart')
    expect(after.filter((name) => before.includes(name))).toEqual([])
    second.cache.prune()
    expect(before.filter((name) => statSync(first.cache.fileOf(name), { throwIfNoEntry: false }))).toEqual([])
    expect(second.cache.usedFiles().every((name) => statSync(second.cache.fileOf(name)).isFile())).toBe(true)
  })
})

describe('the column an image is shown in', () => {
  it('is the width renderer/styles/base.css gives an article, which the build refuses narrower images for and `sizes` names', () => {
    const css = readFileSync('renderer/styles/base.css', 'utf8')
    const [, margins, column] = /\.narrow \{\s*width: min\(100% - ([\d.]+)rem, ([\d.]+)rem\);/.exec(css)!
    expect(Number(column) * 16).toBe(COLUMN_WIDTH)
    expect(IMAGE_SIZES).toBe(`(max-width: ${Number(column) + Number(margins)}rem) calc(100vw - ${margins}rem), ${column}rem`)
  })
})
