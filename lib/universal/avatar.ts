/** Background colours for white initials, each at least 4.5:1 against white (WCAG AA for text; tests/unit/avatar.test.ts checks). */
export const AVATAR_COLOURS = ['#0b3d91', '#0f6b3e', '#9a3412', '#6d28d9', '#be123c', '#0e7490', '#4d5b12', '#a21caf'] as const

/** "Maya R." → "MR": the first letter of the first and of the last word, in capitals. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = words[0]?.[0] ?? ''
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''
  return `${first}${last}`.toUpperCase()
}

/** The same colour for the same name on every build and page: the name's FNV-1a hash picks it from AVATAR_COLOURS. */
export function avatarColour(name: string): string {
  let hash = 0x811c9dc5
  for (const char of name) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!
}
