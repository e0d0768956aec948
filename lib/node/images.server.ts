// The content's images, encoded at build time: AVIF and WebP at a few widths, plus a JPEG (a PNG for
// an image with transparent pixels) that every browser shows. Each encoded file is named by the
// digest of its bytes and served under /assets/images/, which every host caches for a year. A source
// is encoded once: the cache keeps its files under the digest of its bytes, its name and the settings
// below, so a rebuild encodes only new or changed images.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, extname, join } from 'node:path'
import type { Sharp } from 'sharp'
import { ASSETS_PREFIX } from '../universal/routes'
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from '../universal/seo/social'

/** The URL folder of the encoded images: hashed assets, so served `immutable` (lib/universal/routes.ts). */
export const IMAGES_URL = `${ASSETS_PREFIX}images/`

/**
 * The widest an image is shown, in CSS pixels: the article column, `.narrow` in renderer/styles.css
 * (`min(100% - 2.5rem, 46rem)`, 46rem at 16 px). A narrower source would be shown blurred, so the
 * build refuses it.
 */
export const COLUMN_WIDTH = 736
/** The `sizes` of every picture: the column is the viewport less its 2.5rem of margins until it reaches 46rem. */
export const IMAGE_SIZES = '(max-width: 48.5rem) calc(100vw - 2.5rem), 46rem'
/** The widths made of each image: those narrower than the source, then the source's own width, never past the last. */
export const IMAGE_WIDTHS = [480, 800, 1200, 1600] as const

export type ImageType = 'image/avif' | 'image/webp' | 'image/jpeg' | 'image/png'
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
export const MAX_SOURCE_BYTES = 10_000_000
export const MAX_SOURCE_SIDE = 6000
/** The source formats the build takes (sharp calls AVIF `heif`); SVG is left out, see content/README.md. */
const SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif'])

/** One encoded file: its name under IMAGES_URL and its width in pixels. */
export interface ImageFile {
  name: string
  width: number
}

/** An image encoded in every format and width. Plain JSON: the cache keeps it as it is. */
export interface EncodedImage {
  /** The largest file's width and height: the picture's `width` and `height` attributes. */
  width: number
  height: number
  /** AVIF, WebP, then the fallback every browser shows (JPEG, or PNG when the source has transparent pixels); each format's files narrowest first. */
  formats: Array<{ type: ImageType; files: ImageFile[] }>
}

/** What is wrong with an image file, in the words of a content problem (`file not found`). */
export class ImageProblem extends Error {
  override name = 'ImageProblem'
}

/**
 * Encoded images by source, on disk under `dir`: `<key>.json` describes an image, `files/` holds
 * every encoded file. Remembers which images this build used, to publish them and drop the rest.
 */
export class ImageCache {
  /** Sources encoded by this cache since it was made: a rebuild with no new or changed image encodes none. */
  encoded = 0
  private readonly used = new Map<string, EncodedImage>()
  private readonly pending = new Map<string, Promise<EncodedImage>>()

  /** With `fresh`, what the cache holds is ignored and every image encoded again (`npm run build -- --fresh`). */
  constructor(
    readonly dir: string,
    private readonly fresh = false,
  ) {}

  /** The image at `path`, encoded; throws an ImageProblem when it is missing, not an image, or too narrow. */
  image(path: string): Promise<EncodedImage> {
    return this.lookUp(path, encodingSettings, encode)
  }

  /**
   * The image at `path` as a social image (an article's `image:`): one PNG of SOCIAL_IMAGE_WIDTH ×
   * SOCIAL_IMAGE_HEIGHT, cropped around what sharp finds the most interesting part of it, so that
   * the page's og:image:width and og:image:height are true. Throws an ImageProblem when it is
   * missing, not an image, or smaller than that.
   */
  socialImage(path: string): Promise<EncodedImage> {
    return this.lookUp(path, socialImageSettings, encodeSocialImage)
  }

  private async lookUp(path: string, settings: () => Promise<string>, encoder: Encoder): Promise<EncodedImage> {
    const bytes = readSource(path)
    await checkSourceLimits(bytes)
    const stem = stemOf(path)
    const key = createHash('sha256')
      .update(await settings())
      .update(stem)
      .update('\0')
      .update(bytes)
      .digest('hex')
      .slice(0, 32)
    let image = this.pending.get(key)
    if (!image) {
      image = this.load(key, bytes, stem, encoder)
      this.pending.set(key, image)
    }
    this.used.set(key, await image)
    return image
  }

  /** How many distinct images this build shows. */
  get count(): number {
    return this.used.size
  }

  /** The names of every file of the images used so far, to publish under IMAGES_URL. */
  usedFiles(): string[] {
    const names = [...this.used.values()].flatMap((image) => image.formats.flatMap((format) => format.files.map((file) => file.name)))
    return [...new Set(names)].sort()
  }

  /** Where the cache keeps an encoded file. */
  fileOf(name: string): string {
    return join(this.dir, 'files', name)
  }

  /** Deletes every image this build did not use, so the cache does not grow with each edit. */
  prune(): void {
    if (!existsSync(this.dir)) return
    const manifests = new Set([...this.used.keys()].map((key) => `${key}.json`))
    for (const name of readdirSync(this.dir)) if (name !== 'files' && !manifests.has(name)) rmSync(join(this.dir, name), { force: true })
    const files = join(this.dir, 'files')
    const keep = new Set(this.usedFiles())
    for (const name of existsSync(files) ? readdirSync(files) : []) if (!keep.has(name)) rmSync(join(files, name), { force: true })
  }

  /** The image under `key` from the cache when it has it whole, else encoded and stored. */
  private async load(key: string, bytes: Buffer, stem: string, encoder: Encoder): Promise<EncodedImage> {
    const manifest = join(this.dir, `${key}.json`)
    if (!this.fresh && existsSync(manifest)) {
      const cached = JSON.parse(readFileSync(manifest, 'utf8')) as EncodedImage
      if (cached.formats.every((format) => format.files.every((file) => existsSync(this.fileOf(file.name))))) return cached
    }
    const { image, files } = await encoder(bytes, stem).catch((error: unknown) => {
      throw error instanceof ImageProblem ? error : new ImageProblem(`could not be encoded (${(error as Error).message})`)
    })
    this.encoded++
    mkdirSync(join(this.dir, 'files'), { recursive: true })
    for (const [name, data] of files) writeAtomically(this.fileOf(name), data)
    writeAtomically(manifest, JSON.stringify(image))
    return image
  }
}

function readSource(path: string): Buffer {
  try {
    return readFileSync(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new ImageProblem('file not found')
    if (code === 'EISDIR') throw new ImageProblem('is a folder, not an image file')
    throw error
  }
}

/** Throws an ImageProblem when the source is over MAX_SOURCE_BYTES, or over MAX_SOURCE_SIDE pixels on a side (read from its header only). */
async function checkSourceLimits(bytes: Buffer): Promise<void> {
  const shown = `the site shows it at most ${IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!.toLocaleString('en')} px wide`
  if (bytes.length > MAX_SOURCE_BYTES) {
    const size = (bytes.length / 1_000_000).toFixed(1)
    throw new ImageProblem(
      `${size} MB, more than the ${MAX_SOURCE_BYTES / 1_000_000} MB an image may be; save it smaller (${shown}; a photo is far smaller as JPEG or WebP)`,
    )
  }
  const { width, height } = await sourceSize((await loadSharp())(bytes))
  if (Math.max(width, height) > MAX_SOURCE_SIDE) {
    throw new ImageProblem(
      `${width} × ${height} px, more than the ${MAX_SOURCE_SIDE.toLocaleString('en')} px an image may have on a side; scale it down (${shown})`,
    )
  }
}

/** The start of the encoded files' names: the source's name in lowercase letters, digits and hyphens. */
function stemOf(path: string): string {
  const name = basename(path, extname(path))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return name || 'image'
}

/** Written whole or not at all: a build that stops midway, or two at once, never leave half a file behind. */
function writeAtomically(path: string, data: string | Buffer): void {
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, data)
  renameSync(temporary, path)
}

/** The widths made of a source `width` pixels wide. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!)
  return [...IMAGE_WIDTHS.filter((candidate) => candidate < largest), largest]
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

/** What the cache's keys cover besides the source: a change to any of these encodes every image again. */
async function encodingSettings(): Promise<string> {
  const { versions } = await loadSharp()
  return JSON.stringify({ COLUMN_WIDTH, IMAGE_WIDTHS, ENCODINGS, sharp: versions.sharp, vips: versions.vips })
}

/** Writes an image's files from its source's bytes; the cache stores what it returns. */
type Encoder = (bytes: Buffer, stem: string) => Promise<{ image: EncodedImage; files: Map<string, Buffer> }>

/** Checks that the source is an image the build takes, then writes every format at every width. */
async function encode(bytes: Buffer, stem: string): Promise<{ image: EncodedImage; files: Map<string, Buffer> }> {
  const sharp = await loadSharp()
  const { width } = await sourceSize(sharp(bytes))
  if (width < COLUMN_WIDTH) {
    throw new ImageProblem(
      `${width} px wide, narrower than the ${COLUMN_WIDTH} px column it is shown in; use an image at least ${COLUMN_WIDTH} px wide (${2 * COLUMN_WIDTH} px stays sharp on high-density screens)`,
    )
  }
  // JPEG cannot keep transparent pixels: an image with any gets PNG as the fallback.
  const fallback: Format = (await sharp(bytes).stats()).isOpaque ? 'jpeg' : 'png'
  const order = ['avif', 'webp', fallback] as const
  const source = sharp(bytes)
  // One file at a time: AVIF's encoder holds about 100 MB for a 1,500 px image, and twelve files side by
  // side (while `vike build` and the render workers start) took the build's peak memory up by 240 MB
  // to save a few tenths of a second.
  const encoded: Array<Awaited<ReturnType<typeof encodeFormat>>> = []
  for (const format of order) encoded.push(await encodeFormat(source, format, variantWidths(width), stem))
  const largest = encoded.at(-1)!.at(-1)!
  const image: EncodedImage = {
    width: largest.width,
    height: largest.height,
    formats: order.map((format, index) => ({
      type: ENCODINGS[format].type,
      files: encoded[index]!.map(({ name, width: fileWidth }) => ({ name, width: fileWidth })),
    })),
  }
  return { image, files: new Map(encoded.flat().map(({ name, data }) => [name, data])) }
}

/** One format of an image at each width, each file named by its stem, width and bytes' digest. */
async function encodeFormat(source: Sharp, format: Format, widths: number[], stem: string) {
  const { extension, options } = ENCODINGS[format]
  const files = []
  for (const width of widths) {
    const { data, info } = await source.clone().autoOrient().resize({ width }).toFormat(format, options).toBuffer({ resolveWithObject: true })
    const name = `${stem}-${width}.${createHash('sha256').update(data).digest('hex').slice(0, 10)}.${extension}`
    files.push({ name, data, width: info.width, height: info.height })
  }
  return files
}

/** What the cache's keys of social images cover besides the source. */
async function socialImageSettings(): Promise<string> {
  const { versions } = await loadSharp()
  return JSON.stringify({ social: [SOCIAL_IMAGE_WIDTH, SOCIAL_IMAGE_HEIGHT], png: ENCODINGS.png, sharp: versions.sharp, vips: versions.vips })
}

/** A social image: the source, at least SOCIAL_IMAGE_WIDTH × SOCIAL_IMAGE_HEIGHT, cropped to that size as one PNG named by its bytes. */
async function encodeSocialImage(bytes: Buffer, stem: string): Promise<{ image: EncodedImage; files: Map<string, Buffer> }> {
  const sharp = await loadSharp()
  const { width, height } = await sourceSize(sharp(bytes))
  if (width < SOCIAL_IMAGE_WIDTH || height < SOCIAL_IMAGE_HEIGHT) {
    throw new ImageProblem(
      `${width} × ${height} px, smaller than the ${SOCIAL_IMAGE_WIDTH} × ${SOCIAL_IMAGE_HEIGHT} px a shared link shows; use a picture at least that size (it is cropped to it)`,
    )
  }
  const data = await sharp(bytes)
    .autoOrient()
    .resize({ width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, fit: 'cover', position: 'attention' })
    .png(ENCODINGS.png.options)
    .toBuffer()
  const name = `${stem}-card.${createHash('sha256').update(data).digest('hex').slice(0, 10)}.png`
  const image: EncodedImage = {
    width: SOCIAL_IMAGE_WIDTH,
    height: SOCIAL_IMAGE_HEIGHT,
    formats: [{ type: 'image/png', files: [{ name, width: SOCIAL_IMAGE_WIDTH }] }],
  }
  return { image, files: new Map([[name, data]]) }
}

/** The source's size once its EXIF orientation is applied; an ImageProblem when it is not an image the build takes. */
async function sourceSize(image: Sharp): Promise<{ width: number; height: number }> {
  let metadata
  try {
    metadata = await image.metadata()
  } catch {
    throw new ImageProblem('not an image the build can read; use a PNG, JPEG, WebP or AVIF file')
  }
  if (!SOURCE_FORMATS.has(metadata.format)) {
    const hint = metadata.format === 'svg' ? ' (draw an SVG to a PNG first: see content/README.md)' : ''
    throw new ImageProblem(`is ${metadata.format.toUpperCase()}; use a PNG, JPEG, WebP or AVIF file${hint}`)
  }
  return metadata.autoOrient
}
