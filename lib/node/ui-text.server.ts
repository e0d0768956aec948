import { join } from 'node:path'
import { uiTextSchema, type UiText } from '../universal/ui-text'
import { readJsonFile } from './site.server'
import { contentDir } from './paths.server'

/** Reads and validates layout.json; throws one line per problem, `file: field: expected`. */
export function loadUiText(dir = contentDir()): UiText {
  return readJsonFile(join(dir, 'layout.json'), uiTextSchema)
}
