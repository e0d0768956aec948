/**
 * Breaks a text into lines of at most `maxChars` characters at its spaces, for SVG, which does not wrap
 * text itself. A word longer than a line gets a line of its own. The count is an estimate of width:
 * callers size `maxChars` for their font with room to spare.
 */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = []
  let line = ''
  // Plain spaces only: a non-breaking space keeps its words on one line.
  for (const word of text.split(/[ \t\n]+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
  return lines
}
