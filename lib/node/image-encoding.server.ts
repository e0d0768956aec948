// The content's images, encoded at build time with sharp: AVIF and WebP at a few widths, plus a JPEG (a
// PNG for an image with transparent pixels) that every browser shows, and an article's social image as
// one cropped PNG. Each encoded file is named by the digest of its bytes. Sources too large or too
// narrow, or in a format the build does not take, are refused with an ImageProblem.
import { createHash } from 'node:crypto'
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from '../universal/seo/social'
import { COLUMN_WIDTH, IMAGE_WIDTHS, ImageProblem, type EncodedImage, type ImageFile, type ImageType } from './images.server'

type Format = 'avif' | 'webp' | 'jpeg' | 'png'

/**
 * How each format is written (sharp's options). AVIF at effort 2 rather than sharp's 4: its four
 * widths of a 1,500 px diagram take 1 s instead of 5 s for files 5 to 10 % larger (still a third
 * smaller than WebP), and a build without a cache (CI, a first build) waits for them.
 */
const ENCODINGS: Record<Format, { type: ImageType; extension: string; options: Record<string, number | boolean> }> = {
  avif: { type: 'image/avif', extension: 'avif', options: { quality: 60, effort: 2 } },
  webp: { type: 'image/webp', extension: 'webp', options: { quality: 80, effort: 4 } },
  jpeg: { type: 'image/jpeg', extension: 'jpg', options: { quality: 82, mozjpeg: true } },
  png: { type: 'image/png', extension: 'png', options: { compressionLevel: 9 } },
}
/**
 * The largest source the build takes, in bytes (as a file manager counts: 10 MB) and in pixels on a
 * side. Past them a file is a camera's original or a whole-page screenshot: it weighs on the
 * repository, and encoding it takes seconds per file (a 20 MB one took 9 s) for a page that shows at
 * most IMAGE_WIDTHS' last width. Checked before the cache, so a source cached before the limits is
 * refused too.
 */
const MAX_SOURCE_BYTES = 10_000_000
const MAX_SOURCE_SIDE = 6000
/** The source formats the build takes (sharp calls AVIF `heif`); SVG is left out, see content/README.md. */
const SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif'])

/**
 * The source's size once its EXIF orientation is applied (read from its header only); an ImageProblem when
 * it is not an image the build takes, or over MAX_SOURCE_BYTES, or over MAX_SOURCE_SIDE pixels on a side.
 */
export async function checkSource(bytes: Buffer): Promise<Size> {
  const shown = `the site shows it at most ${IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!.toLocaleString('en')} px wide`
  if (bytes.length > MAX_SOURCE_BYTES) {
    const size = (bytes.length / 1_000_000).toFixed(1)
    throw new ImageProblem(
      `${size} MB, more than the ${MAX_SOURCE_BYTES / 1_000_000} MB an image may be; save it smaller (${shown}; a photo is far smaller as JPEG or WebP)`,
    )
  }
  let metadata
  try {
    metadata = await (await loadSharp())(bytes).metadata()
  } catch {
    throw new ImageProblem('not an image the build can read; use a PNG, JPEG, WebP or AVIF file')
  }
  if (!SOURCE_FORMATS.has(metadata.format)) {
    const hint = metadata.format === 'svg' ? ' (draw an SVG to a PNG first: see content/README.md)' : ''
    throw new ImageProblem(`is ${metadata.format.toUpperCase()}; use a PNG, JPEG, WebP or AVIF file${hint}`)
  }
  const { width, height } = metadata.autoOrient
  if (Math.max(width, height) > MAX_SOURCE_SIDE) {
    throw new ImageProblem(
      `${width} × ${height} px, more than the ${MAX_SOURCE_SIDE.toLocaleString('en')} px an image may have on a side; scale it down (${shown})`,
    )
  }
  return { width, height }
}

/**
 * sharp, loaded on the first image: the render workers import this module with the content code but
 * never encode. Its cache of decoded images is off: each source is decoded per file anyway, and the
 * cache would keep up to 50 MB alive for the rest of the build.
 */
let sharpModule: Promise<typeof import('sharp').default> | undefined
const loadSharp = () =>
  (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    return sharp
  }))

/** An article's image in the content (`image`, shown in every format and width), or its own social image (`social`, one cropped PNG). */
export type ImageKind = 'image' | 'social'
type Size = { width: number; height: number }
/** An image's files, from its source's bytes; the cache stores what it returns. */
type Encoded = { image: EncodedImage; files: Map<string, Buffer> }

/** What the cache's keys of `kind` cover besides the source: a change to any of these encodes every such image again. */
export async function encodingSettings(kind: ImageKind): Promise<string> {
  const { versions } = await loadSharp()
  const settings = kind === 'image' ? { COLUMN_WIDTH, IMAGE_WIDTHS, ENCODINGS } : { social: [SOCIAL_IMAGE_WIDTH, SOCIAL_IMAGE_HEIGHT], png: ENCODINGS.png }
  return JSON.stringify({ ...settings, sharp: versions.sharp, vips: versions.vips })
}

/** Writes the files of a source of `size` (checkSource), its stem the start of their names. */
export const encode = (kind: ImageKind, bytes: Buffer, stem: string, size: Size) => (kind === 'image' ? encodeImage : encodeSocialImage)(bytes, stem, size)

/** A file's name: its stem, what it is (a width, `card`), and the digest of its bytes. */
const fileName = (stem: string, what: string | number, data: Buffer, extension: string) =>
  `${stem}-${what}.${createHash('sha256').update(data).digest('hex').slice(0, 10)}.${extension}`

/** Checks that the source is wide enough, then writes every format at every width: those of IMAGE_WIDTHS narrower than the source, then its own width, never past the last. */
async function encodeImage(bytes: Buffer, stem: string, { width }: Size): Promise<Encoded> {
  if (width < COLUMN_WIDTH) {
    throw new ImageProblem(
      `${width} px wide, narrower than the ${COLUMN_WIDTH} px column it is shown in; use an image at least ${COLUMN_WIDTH} px wide (${2 * COLUMN_WIDTH} px stays sharp on high-density screens)`,
    )
  }
  const sharp = await loadSharp()
  const largest = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!)
  const widths = [...IMAGE_WIDTHS.filter((candidate) => candidate < largest), largest]
  // JPEG cannot keep transparent pixels: an image with any gets PNG as the fallback.
  const fallback: Format = (await sharp(bytes).stats()).isOpaque ? 'jpeg' : 'png'
  const source = sharp(bytes)
  const image: EncodedImage = { width: 0, height: 0, formats: [] }
  const files = new Map<string, Buffer>()
  // One file at a time: AVIF's encoder holds about 100 MB for a 1,500 px image, and twelve files side by
  // side (while `vike build` and the render workers start) took the build's peak memory up by 240 MB
  // to save a few tenths of a second.
  for (const format of ['avif', 'webp', fallback] as const) {
    const { type, extension, options } = ENCODINGS[format]
    const made: ImageFile[] = []
    for (const width of widths) {
      const { data, info } = await source.clone().autoOrient().resize({ width }).toFormat(format, options).toBuffer({ resolveWithObject: true })
      const name = fileName(stem, width, data, extension)
      files.set(name, data)
      made.push({ name, width: info.width })
      Object.assign(image, { width: info.width, height: info.height })
    }
    image.formats.push({ type, files: made })
  }
  return { image, files }
}

/** A social image: the source, at least SOCIAL_IMAGE_WIDTH × SOCIAL_IMAGE_HEIGHT, cropped to that size as one PNG named by its bytes. */
async function encodeSocialImage(bytes: Buffer, stem: string, { width, height }: Size): Promise<Encoded> {
  if (width < SOCIAL_IMAGE_WIDTH || height < SOCIAL_IMAGE_HEIGHT) {
    throw new ImageProblem(
      `${width} × ${height} px, smaller than the ${SOCIAL_IMAGE_WIDTH} × ${SOCIAL_IMAGE_HEIGHT} px a shared link shows; use a picture at least that size (it is cropped to it)`,
    )
  }
  const data = await (
    await loadSharp()
  )(bytes)
    .autoOrient()
    .resize({ width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, fit: 'cover', position: 'attention' })
    .png(ENCODINGS.png.options)
    .toBuffer()
  const name = fileName(stem, 'card', data, 'png')
  const image: EncodedImage = {
    width: SOCIAL_IMAGE_WIDTH,
    height: SOCIAL_IMAGE_HEIGHT,
    formats: [{ type: 'image/png', files: [{ name, width: SOCIAL_IMAGE_WIDTH }] }],
  }
  return { image, files: new Map([[name, data]]) }
}
