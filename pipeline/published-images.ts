// The content's images in the site: the encoded files an article or a fixed page shows, linked from the
// image cache into the client folder under IMAGES_URL.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { ContentWithoutTopics } from '../lib/node/content.server'
import type { ImageCache } from '../lib/node/image-cache.server'
import { IMAGES_URL } from '../lib/node/images.server'
import { imagesShown } from '../lib/node/publication.server'
import { linkOrCopy } from './cache'

/** Links each encoded image this build shows from the cache into the site, under IMAGES_URL; not those only a left-out article shows. */
export function publishImages(images: ImageCache, clientDir: string, shown: Pick<ContentWithoutTopics, 'posts' | 'pages'>): void {
  const files = imagesShown(images.usedFiles(), shown)
  if (files.length === 0) return
  const folder = join(clientDir, IMAGES_URL.slice(1))
  mkdirSync(folder, { recursive: true })
  for (const name of files) linkOrCopy(images.fileOf(name), join(folder, name))
}
