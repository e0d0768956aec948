// Cached between builds under the digest of source, name and settings, so a rebuild encodes only new or changed images.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { basename, extname, join } from 'node:path'
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from '../universal/seo/social'
import { COLUMN_WIDTH, IMAGE_WIDTHS, ImageProblem, type EncodedImage, type ImageFile, type ImageType } from './images.server'
import { writeWhole } from './paths.server'

/** Encoded images on disk under `dir`: `<key>.json` describes an image, `files/` holds every encoded file. */
export class ImageCache {
  /** Since it was made. */
  encoded = 0
  private readonly used = new Map<string, EncodedImage>()
  private readonly pending = new Map<string, Promise<EncodedImage>>()

  /** With `fresh`, what the cache holds is ignored and every image encoded again (`npm run build -- --fresh`). */
  constructor(
    readonly dir: string,
    private readonly fresh = false,
  ) {}

  /** Throws an ImageProblem when it is missing, not an image, or too small. */
  async image(path: string, kind: ImageKind = 'image'): Promise<EncodedImage> {
    const bytes = readSource(path)
    const size = await checkSource(bytes)
    const stem = stemOf(path)
    const settings = await encodingSettings(kind)
    const key = createHash('sha256').update(settings).update(stem).update('\0').update(bytes).digest('hex').slice(0, 32)
    let image = this.pending.get(key)
    if (!image) {
      image = this.load(key, () => (kind === 'image' ? encodeImage : encodeSocialImage)(bytes, stem, size))
      this.pending.set(key, image)
    }
    this.used.set(key, await image)
    return image
  }

  get count(): number {
    return this.used.size
  }

  /** To publish under IMAGES_URL. */
  usedFiles(): string[] {
    const names = [...this.used.values()].flatMap((image) => image.formats.flatMap((format) => format.files.map((file) => file.name)))
    return [...new Set(names)].sort()
  }

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

  private async load(key: string, encoded: () => Promise<Encoded>): Promise<EncodedImage> {
    const manifest = join(this.dir, `${key}.json`)
    if (!this.fresh && existsSync(manifest)) {
      const cached = JSON.parse(readFileSync(manifest, 'utf8')) as EncodedImage
      if (cached.formats.every((format) => format.files.every((file) => existsSync(this.fileOf(file.name))))) return cached
    }
    const { image, files } = await encoded().catch((error: unknown) => {
      throw error instanceof ImageProblem ? error : new ImageProblem(`could not be encoded (${(error as Error).message})`)
    })
    this.encoded++
    mkdirSync(join(this.dir, 'files'), { recursive: true })
    for (const [name, data] of files) writeWhole(this.fileOf(name), data)
    writeWhole(manifest, JSON.stringify(image))
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

function stemOf(path: string): string {
  const name = basename(path, extname(path))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return name || 'image'
}

type Format = 'avif' | 'webp' | 'jpeg' | 'png'

/** AVIF at effort 2, not 4: several times faster for slightly larger files. */
const ENCODINGS: Record<Format, { type: ImageType; extension: string; options: Record<string, number | boolean> }> = {
  avif: { type: 'image/avif', extension: 'avif', options: { quality: 60, effort: 2 } },
  webp: { type: 'image/webp', extension: 'webp', options: { quality: 80, effort: 4 } },
  jpeg: { type: 'image/jpeg', extension: 'jpg', options: { quality: 82, mozjpeg: true } },
  png: { type: 'image/png', extension: 'png', options: { compressionLevel: 9 } },
}
/** Past these (10 MB as a file manager counts; pixels on a side) a file is a camera's original, heavy on the repository and slow to encode. */
const MAX_SOURCE_BYTES = 10_000_000
const MAX_SOURCE_SIDE = 6000
/** The source formats the build takes (sharp calls AVIF `heif`); SVG is left out, see content/README.md. */
const SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif'])

/** The size once its EXIF orientation is applied (from its header). */
async function checkSource(bytes: Buffer): Promise<Size> {
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

/** On the first image (the render workers import this module but never encode); no cache: a source is decoded per file anyway, and it holds 50 MB. */
let sharpModule: Promise<typeof import('sharp').default> | undefined
const loadSharp = () =>
  (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    return sharp
  }))

/** `image`: shown in every format and width; `social`: an article's own social image, one cropped PNG. */
export type ImageKind = 'image' | 'social'
type Size = { width: number; height: number }
type Encoded = { image: EncodedImage; files: Map<string, Buffer> }

async function encodingSettings(kind: ImageKind): Promise<string> {
  const { versions } = await loadSharp()
  const settings = kind === 'image' ? { COLUMN_WIDTH, IMAGE_WIDTHS, ENCODINGS } : { social: [SOCIAL_IMAGE_WIDTH, SOCIAL_IMAGE_HEIGHT], png: ENCODINGS.png }
  return JSON.stringify({ ...settings, sharp: versions.sharp, vips: versions.vips })
}

const fileName = (stem: string, what: string | number, data: Buffer, extension: string) =>
  `${stem}-${what}.${createHash('sha256').update(data).digest('hex').slice(0, 10)}.${extension}`

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
  // One file at a time: AVIF's encoder holds about 100 MB for a 1,500 px image.
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

async function encodeSocialImage(bytes: Buffer, stem: string, { width, height }: Size): Promise<Encoded> {
  if (width < SOCIAL_IMAGE_WIDTH || height < SOCIAL_IMAGE_HEIGHT) {
    throw new ImageProblem(
      `${width} × ${height} px, smaller than the ${SOCIAL_IMAGE_WIDTH} × ${SOCIAL_IMAGE_HEIGHT} px a shared link shows; use a picture at least that size (it is cropped to it)`,
    )
  }
  const sharp = await loadSharp()
  const data = await sharp(bytes)
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
