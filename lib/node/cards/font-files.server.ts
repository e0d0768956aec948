// Arabic is Vazirmatn's, not Noto's: Noto's dots are marks with a vertical offset, which satori 0.63 applies upside down (في came out as فى).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

type CodeRange = [from: number, to: number]

type FontFile = { file: string; ranges: CodeRange[] }

/** Resolves packages from the project's root, wherever the code runs from (the build, its bundle, the dev server). */
export const projectRequire = () => createRequire(join(process.cwd(), 'package.json'))

export function readFontFile(file: string): Buffer {
  return readFileSync(projectRequire().resolve(file))
}

/** `subsets` matches `latin`, `arabic`, `[12]`. */
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

export function fileDrawing(files: FontFile[], char: string): string | undefined {
  const code = char.codePointAt(0)!
  return files.find(({ ranges }) => ranges.some(([from, to]) => code >= from && code <= to))?.file
}

/** After Inter, in order. */
export const FALLBACK_FONTS = [
  { package: '@fontsource/noto-sans-jp', subsets: /^\[\d+\]$/ },
  { package: '@fontsource/vazirmatn', subsets: /^arabic$/ },
  { package: '@fontsource/noto-sans-devanagari', subsets: /^devanagari$/ },
] as const

let fallbacks: FontFile[] | undefined
/** The CSS is read on the first character Inter lacks. */
export const fallbackFileOf = (char: string) => fileDrawing((fallbacks ??= FALLBACK_FONTS.flatMap((font) => boldFaces(font.package, font.subsets))), char)

/** One thread's satori `loadAdditionalAsset`: each file read when first needed, and given once. */
export class FallbackFonts {
  private readonly given = new Set<string>()

  /** Throws naming the letters no fallback font draws, rather than leave them out of a card. */
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

/** What a card may not leave out (an emoji or a symbol it may). */
export const isLetter = (char: string) => /[\p{L}\p{N}]/u.test(char)

/** `"監" (U+76E3), "査" (U+67FB)`: each character once, with its code point. */
export function describeChars(chars: Iterable<string>): string {
  return [...new Set(chars)].map((char) => `"${char}" (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ')
}
