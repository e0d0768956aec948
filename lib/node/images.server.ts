// What an encoded image of the content is, for the code that shows one; image-cache.server.ts encodes.
import { ASSETS_PREFIX } from '../universal/routes'

export const IMAGES_URL = `${ASSETS_PREFIX}images/`

/** The widest an image is shown, in CSS pixels: `.narrow`'s 46rem. A narrower source would be blurred, so it is refused. */
export const COLUMN_WIDTH = 736
/** The `sizes` of every picture: the column is the viewport less its 2.5rem of margins until it reaches 46rem. */
export const IMAGE_SIZES = '(max-width: 48.5rem) calc(100vw - 2.5rem), 46rem'
/** Those narrower than the source, then the source's own width, never past the last. */
export const IMAGE_WIDTHS = [480, 800, 1200, 1600] as const

export type ImageType = 'image/avif' | 'image/webp' | 'image/jpeg' | 'image/png'

export type ImageFile = { name: string; width: number }

/** Plain JSON: the cache keeps it as it is. */
export interface EncodedImage {
  width: number
  height: number
  /** AVIF, WebP, then the fallback every browser shows (JPEG, or PNG when the source has transparent pixels); each format's files narrowest first. */
  formats: Array<{ type: ImageType; files: ImageFile[] }>
}

/** In the words of a content problem (`file not found`). */
export class ImageProblem extends Error {
  override name = 'ImageProblem'
}
