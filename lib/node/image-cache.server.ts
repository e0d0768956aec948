// The content's encoded images, kept between builds: a source is encoded once (image-encoding.server.ts),
// and the cache keeps its files under the digest of its bytes, its name and the encoding's settings, so
// a rebuild encodes only new or changed images. Remembers which images a build used, to publish them
// under IMAGES_URL and drop the rest.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, extname, join } from 'node:path'
import { checkSource, encode, encodingSettings, type ImageKind } from './image-encoding.server'
import { ImageProblem, type EncodedImage } from './images.server'

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
    return this.lookUp(path, 'image')
  }

  /**
   * The image at `path` as a social image (an article's `image:`): one PNG of SOCIAL_IMAGE_WIDTH ×
   * SOCIAL_IMAGE_HEIGHT, cropped around what sharp finds the most interesting part of it, so that
   * the page's og:image:width and og:image:height are true. Throws an ImageProblem when it is
   * missing, not an image, or smaller than that.
   */
  socialImage(path: string): Promise<EncodedImage> {
    return this.lookUp(path, 'social')
  }

  private async lookUp(path: string, kind: ImageKind): Promise<EncodedImage> {
    const bytes = readSource(path)
    const size = await checkSource(bytes)
    const stem = stemOf(path)
    const key = createHash('sha256')
      .update(await encodingSettings(kind))
      .update(stem)
      .update('\0')
      .update(bytes)
      .digest('hex')
      .slice(0, 32)
    let image = this.pending.get(key)
    if (!image) {
      image = this.load(key, () => encode(kind, bytes, stem, size))
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
  private async load(key: string, encoded: () => ReturnType<typeof encode>): Promise<EncodedImage> {
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
