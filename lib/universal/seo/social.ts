// What a page shows when it is shared, and the pictures the build draws for it (lib/node/cards draws them).
import { ASSETS_PREFIX } from '../routes'

/** Where the drawn pictures are served: hashed assets (named by what they are drawn from), cached for a year. */
export const CARDS_URL = `${ASSETS_PREFIX}cards/`

/** The size of every social image: a drawn card, or a writer's own picture cropped to it. */
export const SOCIAL_IMAGE_WIDTH = 1200
export const SOCIAL_IMAGE_HEIGHT = 630

/** `url`: the site path of a PNG, `/assets/cards/<key>.png`, or `/assets/images/<name>-card.<hash>.png` for a writer's own. */
export interface SocialImage extends RasterImage {
  alt: string
}

/** What a social card is drawn from: the page's title, a short label ("Article", "Topic"), and the brand. */
export interface CardSpec {
  kind: 'card'
  title: string
  /** Empty for a card with no label. */
  label: string
  productName: string
  /** The site's address as the card shows it: `authoritylens.com`. */
  host: string
}

/** The brand mark as a square PNG, `size` pixels wide: JSON-LD's `publisher.logo`. */
export type LogoSpec = { kind: 'logo'; size: number }

/** A picture the build draws for a page, and the key it is named and cached by: `${CARDS_URL}${key}.png`. */
export type DrawnImage = { key: string; spec: CardSpec | LogoSpec }

export type RasterImage = { url: string; width: number; height: number }
