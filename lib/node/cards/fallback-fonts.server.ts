// The fonts a card draws a letter Inter lacks with: Japanese (kana, kanji, full-width punctuation),
// Arabic and Devanagari, each a bold sans of an @fontsource package, read from node_modules.
// Fontsource splits a font into files by unicode range (Noto Sans JP into 120 of about 40 KB), and
// names each file's range in its CSS: a title is drawn with the files its characters fall in, read
// when a title first needs them, so a Latin title loads nothing of these. The files are WOFF 1.0, as
// Inter's are.
//
// Arabic is Vazirmatn's, not Noto Sans Arabic's: Noto draws a letter's dots as marks HarfBuzz places
// with a vertical offset, which satori 0.63 applies upside down, so في came out as فى and ة as ه.
// Vazirmatn draws its letters whole; its Arabic came out of satori as HarfBuzz sets it, pixel for pixel.
import { readFileSync } from 'node:fs'
import { parseUnicodeRange, projectRequire, readFontFile, type CodeRange } from './font-files.server'

interface FallbackFont {
  /** The @fontsource package. */
  package: string
  /** Which of its files the cards use, by the subset each is named for: only the script's own, never its Latin or symbols. */
  subsets: RegExp
}

/** In the order a character is looked up in them, after Inter. Another script is a package more and a line here. */
export const FALLBACK_FONTS: readonly FallbackFont[] = [
  { package: '@fontsource/noto-sans-jp', subsets: /^\[\d+\]$/ },
  { package: '@fontsource/vazirmatn', subsets: /^arabic$/ },
  { package: '@fontsource/noto-sans-devanagari', subsets: /^devanagari$/ },
]

/** The weight the cards draw text in (the title, the label, the brand). */
const WEIGHT = 700

/** One file of a fallback font: its path as a package file, and the code points it draws. */
interface FallbackFile {
  file: string
  ranges: CodeRange[]
}

let files: FallbackFile[] | undefined

/** Every fallback file the cards may use, from each package's own CSS of the weight: read once, on the first character Inter lacks. */
function fallbackFiles(): FallbackFile[] {
  if (files) return files
  files = FALLBACK_FONTS.flatMap(({ package: name, subsets }) => {
    const family = name.slice(name.indexOf('/') + 1)
    const css = readFileSync(projectRequire().resolve(`${name}/${WEIGHT}.css`), 'utf8')
    const found: FallbackFile[] = []
    // Each face: `/* noto-sans-jp-[12]-700-normal */ @font-face { … src: url(./files/….woff2) format('woff2'), url(./files/….woff) format('woff'); unicode-range: …; }`
    for (const [, face, body] of css.matchAll(/\/\* (\S+)-\d+-normal \*\/\s*@font-face\s*\{([^}]*)\}/g)) {
      const subset = face!.slice(family.length + 1)
      if (!subsets.test(subset)) continue
      const woff = /url\(\.\/(files\/[^)]+\.woff)\) format\('woff'\)/.exec(body!)?.[1]
      const range = /unicode-range:([^;]+);/.exec(body!)?.[1]
      if (!woff || !range) throw new Error(`${name}/${WEIGHT}.css: the ${subset} face names no WOFF file or no unicode-range`)
      found.push({ file: `${name}/${woff}`, ranges: parseUnicodeRange(range) })
    }
    if (found.length === 0) throw new Error(`${name}/${WEIGHT}.css: no face of weight ${WEIGHT} matches ${subsets}`)
    return found
  })
  return files
}

/** The fallback file that draws code point `code`, or undefined when none does. */
export function fallbackFileOf(code: number): string | undefined {
  return fallbackFiles().find(({ ranges }) => ranges.some(([from, to]) => code >= from && code <= to))?.file
}

/** A font as satori takes it. */
export interface SatoriFont {
  name: string
  data: Buffer
  weight: 700
  style: 'normal'
}

/**
 * The fallback fonts of one thread's satori: satori keeps the fonts it is given with its `fonts` array
 * and asks (`loadAdditionalAsset`) for a segment of text none of them draws, once a segment. Each file
 * is read when a segment first needs it, and given once.
 */
export class FallbackFonts {
  private readonly given = new Set<string>()

  /** The fonts to add for `segment`; throws naming the letters no fallback font draws, rather than leave them out of a card. */
  fontsFor(segment: string): SatoriFont[] {
    const needed = new Set<string>()
    const missing: string[] = []
    for (const char of segment) {
      const file = fallbackFileOf(char.codePointAt(0)!)
      // A letter whose file was given already is one its range names but its font lacks.
      if (file && !this.given.has(file)) needed.add(file)
      else if (isLetter(char)) missing.push(char)
    }
    if (missing.length > 0) throw new Error(`no card font draws ${describeChars(missing)}`)
    return [...needed].map((file) => {
      this.given.add(file)
      return { name: `Fallback ${file}`, data: readFontFile(file), weight: WEIGHT, style: 'normal' }
    })
  }
}

/** A letter or a digit, of any script: what a card may not leave out (an emoji or a symbol it may). */
export const isLetter = (char: string) => /[\p{L}\p{N}]/u.test(char)

/** `"監" (U+76E3), "査" (U+67FB)`: each character once, with its code point. */
export function describeChars(chars: Iterable<string>): string {
  return [...new Set(chars)].map((char) => `"${char}" (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ')
}
