// A social card: the frame every card of one label shares and the title drawn into it, as satori element trees.
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, type CardSpec } from '../../universal/seo/social'
import { boldFaces, describeChars, fallbackFileOf, fileDrawing, isLetter, readFontFile } from './font-files.server'
import type { TitleStyle } from './title-glyphs.server'

export const CARD_WIDTH = SOCIAL_IMAGE_WIDTH
export const CARD_HEIGHT = SOCIAL_IMAGE_HEIGHT

const COLOURS = {
  accent: '#0b3d91',
  /** The label and the address: light enough on the accent for small text (contrast 6.4:1). */
  muted: '#b9cbf0',
  white: '#ffffff',
}

const MARGIN = 80

/** Every frame leaves this box to the title laid over it. */
export const TITLE_BOX = { left: MARGIN, top: 214, width: CARD_WIDTH - 2 * MARGIN, height: 300 } as const
const FOOTER_TOP = 540

/** By length, to fit the box in `lines` lines (Inter Bold averages about 0.56 em a character). */
const TITLE_SIZES = [
  { upTo: 30, fontSize: 84, lines: 3 },
  { upTo: 52, fontSize: 72, lines: 3 },
  { upTo: 76, fontSize: 64, lines: 4 },
  { upTo: 104, fontSize: 56, lines: 4 },
  { upTo: Infinity, fontSize: 48, lines: 5 },
] as const

/** The brand mark (components/Logo.tsx, public/favicon.svg): a rounded square with a white "A". */
const LOGO_PATH = 'M9 22 15 9h2l6 13h-3l-1.5-3.5h-5L12 22Zm4.6-6h3.8L15.5 11.6Z'

export function logoSvg(size: number, square = COLOURS.accent, mark = COLOURS.white): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${square}"/><path d="${LOGO_PATH}" fill="${mark}"/></svg>`
}

const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const
const WEIGHTS = [400, 700] as const

/** satori keeps one font per name and weight, so each subset has its own name. */
export const CARD_FONTS = WEIGHTS.flatMap((weight) =>
  SUBSETS.map((subset) => ({ name: `Inter ${subset}`, weight, file: `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff` })),
)
const FONT_FAMILY = SUBSETS.map((subset) => `'Inter ${subset}'`).join(', ')

/** React's element shape, without React. */
interface CardNode {
  type: string
  props: { style?: Record<string, string | number>; children?: CardNode | string | Array<CardNode | string>; [attribute: string]: unknown }
}

function h(type: string, style: Record<string, string | number>, ...children: Array<CardNode | string>): CardNode {
  return { type, props: { style, children: children.length === 1 ? children[0]! : children } }
}

export function cardFrame({ label, productName, host }: Omit<CardSpec, 'kind' | 'title'>): CardNode {
  const logo: CardNode = {
    type: 'img',
    props: { src: `data:image/svg+xml,${encodeURIComponent(logoSvg(56, COLOURS.white, COLOURS.accent))}`, width: 56, height: 56 },
  }
  return h(
    'div',
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      position: 'relative',
      padding: `64px ${MARGIN}px 0`,
      // One flat colour: a gradient doubles the time zlib takes to write each card's PNG.
      backgroundColor: COLOURS.accent,
      color: COLOURS.white,
      fontFamily: FONT_FAMILY,
    },
    // The score ring, the product's own figure, faint behind the right edge.
    h('div', { position: 'absolute', right: -150, top: 150, width: 520, height: 520, borderRadius: '50%', border: '56px solid rgba(255, 255, 255, 0.06)' }),
    h(
      'div',
      { display: 'flex', alignItems: 'center', height: 56 },
      logo,
      h('div', { marginLeft: 20, fontSize: 36, fontWeight: 700, letterSpacing: -0.5 }, productName),
    ),
    h(
      'div',
      { display: 'flex', alignItems: 'center', marginTop: 46, height: 40 },
      ...(label
        ? [
            h('div', { width: 40, height: 6, borderRadius: 3, backgroundColor: COLOURS.muted, marginRight: 16 }),
            h('div', { fontSize: 26, fontWeight: 700, letterSpacing: 3, textTransform: 'uppercase', color: COLOURS.muted }, label),
          ]
        : []),
    ),
    h(
      'div',
      { position: 'absolute', left: MARGIN, top: FOOTER_TOP, display: 'flex', alignItems: 'center', height: 40, fontSize: 28, color: COLOURS.muted },
      host,
    ),
  )
}

/** Given no height, so resvg draws no empty rows under it. */
export function cardTitle(title: string): CardNode {
  const { fontSize, lineHeight, letterSpacing: tracking, lines } = titleStyle(title)
  // A first letter Arabic or Hebrew reads from the right, as `dir="auto"` has it; Arabic letters join: spacing would pull them apart.
  const rtl = /[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(/\p{L}/u.exec(title)?.[0] ?? '')
  const letterSpacing = rtl ? 0 : tracking
  return h(
    'div',
    { width: TITLE_BOX.width, display: 'flex', justifyContent: rtl ? 'flex-end' : 'flex-start', color: TITLE_COLOUR, fontFamily: FONT_FAMILY },
    h(
      'div',
      { display: 'block', direction: rtl ? 'rtl' : 'ltr', fontSize, fontWeight: 700, lineHeight, letterSpacing, lineClamp: lines, wordBreak: 'break-word' },
      title,
    ),
  )
}

export function titleStyle(title: string): TitleStyle {
  const { fontSize, lines } = TITLE_SIZES.find((size) => title.length <= size.upTo)!
  return { fontSize, lines, lineHeight: 1.15, letterSpacing: -0.02 * fontSize }
}

const TITLE_COLOUR = COLOURS.white
export const TITLE_RGB = [1, 3, 5].map((at) => parseInt(TITLE_COLOUR.slice(at, at + 2), 16)) as [number, number, number]

/** For a Latin title, which title-glyphs.server.ts sets without satori. */
export const TITLE_FONT_FILE = '@fontsource/inter/files/inter-latin-700-normal.woff'

export function loadCardFonts(): Array<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }> {
  return CARD_FONTS.map(({ name, weight, file }) => ({ name, data: readFontFile(file), weight, style: 'normal' }))
}

let interFiles: ReturnType<typeof boldFaces> | undefined
/** By @fontsource/inter's own `unicode-range` of each subset loaded. */
const interDraws = (char: string) => fileDrawing((interFiles ??= boldFaces('@fontsource/inter', new RegExp(`^(${SUBSETS.join('|')})$`))), char) !== undefined

/** A symbol (an emoji, ✓) is left out whatever the font. */
const cardDraws = (char: string) => interDraws(char) || (!/\p{S}/u.test(char) && fallbackFileOf(char) !== undefined)

/** Without what no card font draws (satori would draw "NO GLYPH" boxes); a letter is kept: the card refuses it (undrawnLetters), losing no words. */
export function drawableText(text: string): string {
  const kept = [...text].filter((char) => isLetter(char) || cardDraws(char))
  return kept.join('').replace(ARABIC_VOWEL_MARKS, '').replace(/\s+/g, ' ').trim()
}

/** Arabic's optional vowel marks, left out: satori 0.63 applies HarfBuzz's y offset upside down, landing them on the letters. */
const ARABIC_VOWEL_MARKS = /[\u064B-\u065F\u0670]/g

export function undrawnLetters(text: string): string {
  return describeChars([...text].filter((char) => isLetter(char) && !cardDraws(char)))
}
