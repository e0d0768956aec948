// Checks a commit message file as Git will store it: the subject (its first line) at most 72 characters,
// then a blank line before any body. Short subjects stay whole in `git log --oneline`, in e-mailed patches
// and in the hosts' commit lists, which cut a longer one. Run by .githooks/commit-msg; exits 1 naming the problem.
import { readFileSync } from 'node:fs'

export const MAX_SUBJECT_CHARS = 72

/** The message as Git keeps it: no comment lines, nothing from the scissors line on, no blank lines before the subject. */
function storedLines(text) {
  const lines = text.replace(/\r\n/g, '\n').split('\n')
  const scissors = lines.findIndex((line) => /^# -+ >8 -+$/.test(line))
  const kept = (scissors === -1 ? lines : lines.slice(0, scissors)).filter((line) => !line.startsWith('#'))
  while (kept.length > 0 && kept[0].trim() === '') kept.shift()
  return kept
}

/** What is wrong with a commit message, one line per problem; none when it is fine. */
export function commitMessageProblems(text) {
  const [subject = '', second] = storedLines(text)
  const problems = []
  // Characters, not bytes or UTF-16 units: an em dash or an accented letter counts once.
  const length = [...subject.trimEnd()].length
  if (length > MAX_SUBJECT_CHARS) problems.push(`the subject is ${length} characters, over ${MAX_SUBJECT_CHARS}; shorten it and put the detail in the body`)
  if (second !== undefined && second.trim() !== '') problems.push('the subject must be followed by a blank line before the body')
  return problems
}

if (process.argv[2]) {
  const problems = commitMessageProblems(readFileSync(process.argv[2], 'utf8'))
  for (const problem of problems) console.error(`commit-msg: ${problem}`)
  if (problems.length > 0) process.exit(1)
}
