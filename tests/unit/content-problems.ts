// The problem lines reading a content folder produces, for the content tests (content-*.test.ts).
import { readContent } from '../../lib/node/content.server'
import { contentProblems } from './content-fixture'

/** The problem lines reading `dir` produces (an empty list if it is valid). */
export function problemsIn(dir: string): Promise<string[]> {
  return contentProblems(() => readContent(dir))
}
