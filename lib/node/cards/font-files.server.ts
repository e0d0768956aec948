// The cards' font files, read from the project's @fontsource packages (never fetched), the code points
// their CSS says each file draws, and the fallback fonts a card draws a letter Inter lacks with:
// Japanese (kana, kanji, full-width punctuation), Arabic and Devanagari. Fontsource splits a font into
// files by unicode range (Noto Sans JP into 120 of about 40 KB): a title is drawn with the files its
// characters fall in, read when a title first needs them, so a Latin title loads none of them.
//
// Arabic is Vazirmatn's, not Noto Sans Arabic's: Noto draws a letter's dots as marks HarfBuzz places
// with a vertical offset, which satori 0.63 applies upside down, so في came out as فى and ة as ه.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

/** Code points `from` to `to`, both included. */
type CodeRange = [from: number, to: number]

/** One file of a font: its path as a package file, and the code points it draws. */
interface FontFile {
  file: string
  ranges: CodeRange[]
}

/** Resolves packages from the project's root, wherever the code runs from (the build, its bundle, the dev server). */
export const projectRequire = () => createRequire(join(process.cwd(), 'package.json'))

/** A font file's bytes, by its path in its package (`@fontsource/inter/files/….woff`). */
export function readFontFile(file: string): Buffer {
  return readFileSync(projectRequire().resolve(file))
}

/** The bold WOFF files of `pkg` whose subset (`latin`, `arabic`, `[12]`) matches `subsets`, from the package's own CSS. */
export function boldFaces(pkg: string, subsets: RegExp): FontFile[] {
  const family = pkg.slice(pkg.indexOf('/') + 1)
  const css = readFileSync(projectRequire().resolve(`${pkg}/700.css`), 'utf8')
  const found: FontFile[] = []
  // Each face: `/* noto-sans-jp-[12]-700-normal */ @font-face { … src: url(./files/….woff2) format('woff2'), url(./files/….woff) format('woff'); unicode-range: …; }`
  for (const [, face, body] of css.matchAll(/\/\* (\S+)-\d+-normal \*\/\s*@font-face\s*\{([^}]*)\}/g)) {
    const subset = face!.slice(family.length + 1)
    if (!subsets.test(subset)) continue
    const woff = /url\(\.\/(files\/[^)]+\.woff)\) format\('woff'\)/.exec(body!)?.[1]
    const range = /unicode-range:([^;]+);/.exec(body!)?.[1]
    if (!woff || !range) throw new Error(`${pkg}/700.css: the ${subset} face names no WOFF file or no unicode-range`)
    const ranges = range.split(',').map((part): CodeRange => {
      const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-')
      return [parseInt(from!, 16), parseInt(to!, 16)]
    })
    found.push({ file: `${pkg}/${woff}`, ranges })
  }
  if (found.length === 0) throw new Error(`${pkg}/700.css: no face of weight 700 matches ${subsets}`)
  return found
}

/** The file of `files` that draws `char`, or undefined when none does. */
export function fileDrawing(files: FontFile[], char: string): string | undefined {
  const code = char.codePointAt(0)!
  return files.find(({ ranges }) => ranges.some(([from, to]) => code >= from && code <= to))?.file
}

/**
 * The fallback fonts, in the order a character is looked up in them after Inter, each with the subsets
 * the cards use: only the script's own, never its Latin or symbols. Another script is a package more and a line here.
 */
export const FALLBACK_FONTS = [
  { package: '@fontsource/noto-sans-jp', subsets: /^\[\d+\]$/ },
  { package: '@fontsource/vazirmatn', subsets: /^arabic$/ },
  { package: '@fontsource/noto-sans-devanagari', subsets: /^devanagari$/ },
] as const

let fallbacks: FontFile[] | undefined
/** The fallback file that draws `char`, or undefined when none does; the CSS is read on the first character Inter lacks. */
export const fallbackFileOf = (char: string) => fileDrawing((fallbacks ??= FALLBACK_FONTS.flatMap((font) => boldFaces(font.package, font.subsets))), char)

/**
 * The fallback fonts of one thread's satori: satori keeps the fonts it is given with its `fonts` array
 * and asks (`loadAdditionalAsset`) for a segment of text none of them draws, once a segment. Each file
 * is read when a segment first needs it, and given once.
 */
export class FallbackFonts {
  private readonly given = new Set<string>()

  /** The fonts to add for `segment`; throws naming the letters no fallback font draws, rather than leave them out of a card. */
  fontsFor(segment: string): Array<{ name: string; data: Buffer; weight: 700; style: 'normal' }> {
    const needed = new Set<string>()
    const missing: string[] = []
    for (const char of segment) {
      const file = fallbackFileOf(char)
      // A letter whose file was given already is one its range names but its font lacks.
      if (file && !this.given.has(file)) needed.add(file)
      else if (isLetter(char)) missing.push(char)
    }
    if (missing.length > 0) throw new Error(`no card font draws ${describeChars(missing)}`)
    return [...needed].map((file) => {
      this.given.add(file)
      return { name: `Fallback ${file}`, data: readFontFile(file), weight: 700, style: 'normal' }
    })
  }
}

/** A letter or a digit, of any script: what a card may not leave out (an emoji or a symbol it may). */
export const isLetter = (char: string) => /[\p{L}\p{N}]/u.test(char)

/** `"監" (U+76E3), "査" (U+67FB)`: each character once, with its code point. */
export function describeChars(chars: Iterable<string>): string {
  return [...new Set(chars)].map((char) => `"${char}" (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ')
}
