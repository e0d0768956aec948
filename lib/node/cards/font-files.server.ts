// The cards' font files, read from the project's packages (never fetched), and the unicode ranges
// their CSS says each file draws.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

/** Code points `from` to `to`, both included. */
export type CodeRange = [from: number, to: number]

/** Resolves packages from the project's root, wherever the code runs from (the build, its bundle, the dev server). */
export const projectRequire = () => createRequire(join(process.cwd(), 'package.json'))

/** A font file's bytes, by its path in its package (`@fontsource/inter/files/….woff`). */
export function readFontFile(file: string): Buffer {
  return readFileSync(projectRequire().resolve(file))
}

/** A CSS `unicode-range` value (`U+0000-00FF,U+0131,U+25ee8`) as ranges. */
export function parseUnicodeRange(value: string): CodeRange[] {
  return value.split(',').map((part): CodeRange => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-')
    return [parseInt(from!, 16), parseInt(to!, 16)]
  })
}
