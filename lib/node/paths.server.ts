import { createHash } from 'node:crypto'
import { renameSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'

// Where the build reads and writes, relative to the working directory (env overrides for scale tests), how it keys what it keeps, and how it writes it.

export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTENT_DIR || 'content'
}

export function distDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DIST_DIR || 'dist'
}

export function isOutside(root: string, path: string): boolean {
  const inside = relative(resolve(root), resolve(path))
  return inside.startsWith('..') || isAbsolute(inside)
}

export function clientDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(distDir(env), 'client')
}

/** Under node_modules/.cache/ like other build tools', so `npm ci` clears it; tests move it to throwaway folders. */
export function buildCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.BUILD_CACHE_DIR || join('node_modules', '.cache', 'site-build')
}

export function imageCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(buildCacheDir(env), 'images')
}

/** A content file's bytes key its entry and its page. */
export function digest(...parts: Array<string | Buffer>): string {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part).update('\0')
  return hash.digest('hex').slice(0, 32)
}

/** Written whole or not at all: a build that stops midway, or two at once, never leaves half a file. */
export function writeWhole(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, data)
  renameSync(temporary, file)
}
