// The build cache's helpers; where it lives is lib/node/paths.server.ts buildCacheDir().
import { createHash } from 'node:crypto'
import { copyFileSync, linkSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

export { digest, writeWhole } from '../lib/node/paths.server'

/** Every file under `path` (or `path` itself), relative to `base`, with forward slashes, sorted. */
export function filesUnder(path: string, base = path): string[] {
  let stats
  try {
    stats = statSync(path)
  } catch {
    return []
  }
  if (stats.isFile()) return [relative(base, path).split(sep).join('/')]
  return (readdirSync(path, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(base, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
}

/** A JSON file of the cache, or undefined when there is none or it was cut short (a build stopped while writing it). */
export function readJsonFile<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch {
    return undefined
  }
}

/** Of each file's path and bytes. */
export function digestOfFiles(paths: readonly string[], base = '.'): string {
  const hash = createHash('sha256')
  for (const path of paths)
    for (const file of filesUnder(join(base, path), base))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(join(base, file)))
        .update('\0')
  return hash.digest('hex').slice(0, 32)
}

/** A hard link, else a copy across file systems; `to` must not exist. Built files are only ever replaced, so a link is safe. */
export function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error
    copyFileSync(from, to)
  }
}

/** Links `from` to `to`, replacing whatever is at `to`. */
export function replaceWithLink(from: string, to: string): void {
  const temporary = `${to}.${process.pid}.tmp`
  try {
    linkOrCopy(from, temporary)
  } catch (error) {
    // Left by a stopped build that had the same process id. Not looked for first: a failed call costs an error.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    unlinkSync(temporary)
    linkOrCopy(from, temporary)
  }
  renameSync(temporary, to)
}
