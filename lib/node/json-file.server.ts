import { readFileSync } from 'node:fs'
import type { z } from 'zod'
import { formatPath } from '../universal/content/format-path'

/**
 * Reads a JSON settings file and validates it; `prepare` may adjust the raw value first (env overrides).
 * Throws one line per problem: `file: field: what was expected`.
 */
export function readJsonFile<S extends z.ZodType>(file: string, schema: S, prepare: (raw: Record<string, unknown>) => unknown = (raw) => raw): z.infer<S> {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`${file}: cannot be read as JSON (${(error as Error).message})`, { cause: error })
  }
  const parsed = schema.safeParse(prepare(raw as Record<string, unknown>))
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${file}: ${formatPath(issue.path) || '(root)'}: ${issue.message}`).join('\n'))
  return parsed.data
}
