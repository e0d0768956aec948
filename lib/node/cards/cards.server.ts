// A picture is named by the digest of its spec, drawing code and packages: its URL changes when its pixels would (hosts keep it a year).
import { createHash } from 'node:crypto'
import type { BlogPost } from '../../universal/content/types'
import type { ArticleSocial } from '../../universal/seo/article'
import type { PageSeo } from '../../universal/seo/head'
import { CARDS_URL, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, type CardSpec, type DrawnImage, type LogoSpec, type SocialImage } from '../../universal/seo/social'
import type { Site } from '../../universal/site'
import { codeGraphsSync, graphDigest, packageOf, readLockFile, type CodeGraph, type LockFile } from '../code-graph.server'
import { CARD_FONTS, drawableText } from './design.server'
import { FALLBACK_FONTS } from './font-files.server'

/** Off for `npm run build -- --no-cards`: no page gets a drawn card or the raster logo, and nothing is drawn. */
let enabled = true

export function setCardsEnabled(on: boolean): void {
  enabled = on
}

export function cardsEnabled(): boolean {
  return enabled
}

/** Well past the 112 px search engines ask of a logo. */
const LOGO_SIZE = 512

/** Its code graph decides a drawing's pixels. */
export const DRAWING_ENTRY = 'lib/node/cards/draw.server.ts'
/** The packages whose font files the painter reads (not imports). */
const FONT_PACKAGES = [...CARD_FONTS.map(({ file }) => file), ...FALLBACK_FONTS.map((font) => font.package)].map((file) => packageOf(file)!)

let design: string | undefined

export function drawingDigestOf(graph: CodeGraph, lock: LockFile): string {
  return graphDigest({ ...graph, packages: [...new Set([...graph.packages, ...FONT_PACKAGES])].sort() }, lock)
}

export function takeDrawingDigest(digest: string): void {
  design = digest
}

/** Keyed by the drawing's digest (the build's, else found now: `npm run dev`, tests) and the spec. */
function drawnImage(spec: CardSpec | LogoSpec): DrawnImage {
  design ??= drawingDigestOf(codeGraphsSync([DRAWING_ENTRY]).get(DRAWING_ENTRY)!, readLockFile())
  return { key: createHash('sha256').update(design).update('\0').update(JSON.stringify(spec)).digest('hex').slice(0, 32), spec }
}

const drawnImageUrl = ({ key }: DrawnImage) => `${CARDS_URL}${key}.png`

/** Characters the font lacks (an emoji) are left out of the picture only. */
export function socialCard(title: string, label: string, site: Site): { image: SocialImage; drawn: DrawnImage } | undefined {
  if (!cardsEnabled()) return undefined
  const productName = drawableText(site.productName) || site.productName
  // The site's address as a card shows it: `https://www.authoritylens.com` → `authoritylens.com`.
  const host = new URL(site.siteUrl).host.replace(/^www\./, '')
  const spec: CardSpec = { kind: 'card', title: drawableText(title) || productName, label: drawableText(label), productName, host }
  const drawn = drawnImage(spec)
  const alt = `${site.productName}${label ? ` ${label.toLowerCase()}` : ''}: ${title}`
  return { image: { url: drawnImageUrl(drawn), width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, alt }, drawn }
}

export function withSocialCard(seo: PageSeo, title: string, label: string, site: Site): PageSeo {
  const card = socialCard(title, label, site)
  return card ? { ...seo, image: card.image, drawn: [...(seo.drawn ?? []), card.drawn] } : seo
}

/** For JSON-LD's `publisher.logo`. */
export function rasterLogo(): { url: string; width: number; height: number; drawn: DrawnImage } | undefined {
  if (!cardsEnabled()) return undefined
  const drawn = drawnImage({ kind: 'logo', size: LOGO_SIZE })
  return { url: drawnImageUrl(drawn), width: LOGO_SIZE, height: LOGO_SIZE, drawn }
}

/** The writer's own picture (`image:`) or its drawn card. */
export function articleSocial(post: BlogPost, label: string, site: Site): { social: ArticleSocial; drawn: DrawnImage[] } {
  const card = post.socialImage ? undefined : socialCard(post.title, label, site)
  const logo = rasterLogo()
  return { social: { image: post.socialImage ?? card?.image, logo }, drawn: [card?.drawn, logo?.drawn].filter((drawn) => drawn !== undefined) }
}
