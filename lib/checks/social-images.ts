// The check:site rule for what a shared link shows: one og:image per indexable page, a built 1200 × 630 PNG with its size and alt
// text, and no drawn card shared by two pages (a writer's own picture may be, on purpose).
import { fileOfPath } from '../universal/routes'
import { CARDS_URL, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from '../universal/seo/social'
import { isIndexable, problemList, type CheckedPage, type Problem, type SiteCheckInput } from './checked-page'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** The bytes pngSize reads: the signature, then the IHDR chunk's length, type, width and height. */
export const PNG_HEAD_BYTES = 24

/** A PNG's width and height from its first PNG_HEAD_BYTES bytes; undefined when they are not a PNG's. */
export function pngSize(head: Buffer): { width: number; height: number } | undefined {
  if (head.length < PNG_HEAD_BYTES || !head.subarray(0, 8).equals(PNG_SIGNATURE) || head.toString('latin1', 12, 16) !== 'IHDR') return undefined
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) }
}

const metaValues = (page: CheckedPage, attribute: 'property' | 'name', key: string) =>
  page.doc.querySelectorAll(`meta[${attribute}="${key}"]`).map((meta) => meta.getAttribute('content') ?? '')

/** 11. Every indexable page's og:image; `readHead` gives the first PNG_HEAD_BYTES bytes of a file of the client folder. */
export function checkSocialImages(input: SiteCheckInput, readHead: (file: string) => Buffer): Problem[] {
  const origin = new URL(input.siteUrl).origin
  const size = `${SOCIAL_IMAGE_WIDTH} × ${SOCIAL_IMAGE_HEIGHT}`
  const firstUse = new Map<string, string>()
  const sizes = new Map<string, ReturnType<typeof pngSize>>()
  const { problems, add } = problemList()
  for (const page of input.pages.filter(isIndexable)) {
    const problem = (text: string, fix: string) => add(page.file, text, fix)
    const images = metaValues(page, 'property', 'og:image')
    if (images.length !== 1) {
      problem(
        images.length === 0 ? 'no og:image' : `${images.length} og:image tags`,
        'give the page one social image: its +seo.ts adds its card (lib/node/cards/cards.server.ts); `npm run build -- --no-cards` leaves them out',
      )
      continue
    }
    const url = new URL(images[0]!, input.siteUrl)
    if (!/^https?:\/\//.test(images[0]!) || url.origin !== origin) {
      problem(`og:image "${images[0]}" is not an absolute URL on ${origin}`, 'build with the right SITE_URL (buildHead makes it absolute)')
      continue
    }
    const file = fileOfPath(url.pathname)
    if (!input.files.has(file)) {
      problem(`og:image ${url.pathname} is not built`, 'rebuild: the build draws every card the pages name')
      continue
    }
    if (!sizes.has(file)) sizes.set(file, pngSize(readHead(file)))
    const png = sizes.get(file)
    if (!png) problem(`og:image ${url.pathname} is not a PNG`, `serve a PNG of ${size} px`)
    else if (png.width !== SOCIAL_IMAGE_WIDTH || png.height !== SOCIAL_IMAGE_HEIGHT)
      problem(`og:image ${url.pathname} is ${png.width} × ${png.height} px`, `serve a PNG of ${size} px`)
    const said = { width: metaValues(page, 'property', 'og:image:width')[0], height: metaValues(page, 'property', 'og:image:height')[0] }
    if (said.width !== String(SOCIAL_IMAGE_WIDTH) || said.height !== String(SOCIAL_IMAGE_HEIGHT))
      problem(`og:image:width and og:image:height say ${said.width ?? 'nothing'} × ${said.height ?? 'nothing'}`, `say ${size}, the image's size`)
    if (!metaValues(page, 'property', 'og:image:alt')[0]?.trim()) problem('og:image has no og:image:alt', 'say what the image shows')
    const card = metaValues(page, 'name', 'twitter:card')[0]
    if (card !== 'summary_large_image') problem(`twitter:card is "${card ?? ''}"`, 'use summary_large_image: the page has a large image')
    const other = firstUse.get(url.pathname)
    if (other === undefined) firstUse.set(url.pathname, page.file)
    else if (url.pathname.startsWith(CARDS_URL))
      problem(
        `og:image ${url.pathname} is also the og:image of ${other}`,
        "a drawn card shows its page's title and label: give each page its own title (only a writer's own picture may be shared)",
      )
  }
  return problems
}
