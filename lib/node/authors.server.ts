import { join } from 'node:path'
import { authorsFile, type Authors } from '../universal/content/schemas'
import { readJsonFile } from './json-file.server'
import { contentDir } from './paths.server'

/** Reads and validates authors.json; throws one line per problem, `file: field: expected`. */
export function loadAuthors(dir = contentDir()): Authors {
  return readJsonFile(join(dir, 'authors.json'), authorsFile)
}
