import { describe, expect, it } from 'vitest'
import { AVATAR_COLOURS, avatarColour, initialsOf } from '../../lib/universal/avatar'

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255)
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

describe('initials avatars', () => {
  it('takes the first letters of the first and the last word', () => {
    expect(initialsOf('Maya R.')).toBe('MR')
    expect(initialsOf('  jean-luc de la Cruz ')).toBe('JC')
    expect(initialsOf('Priya')).toBe('P')
  })

  it('gives a name the same colour every time, and different names different colours', () => {
    expect(avatarColour('Maya R.')).toBe(avatarColour('Maya R.'))
    const names = ['Maya R.', 'Tom H.', 'Priya S.', 'Daniel K.', 'Elena M.', 'James O.']
    expect(new Set(names.map(avatarColour)).size).toBeGreaterThanOrEqual(4)
  })

  it('puts white initials on colours of at least 4.5:1 (WCAG AA)', () => {
    for (const colour of AVATAR_COLOURS) expect((1 + 0.05) / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(4.5)
  })
})
