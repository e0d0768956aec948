import { createHash } from 'node:crypto'
import { isAbsolute, join, relative, resolve } from 'node:path'

// Where the build reads and writes, relative to the working directory (env overrides for scale tests), and how it keys what it keeps.

/** The content root: `CONTENT_DIR`, else `content`. */
export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTENT_DIR || 'content'
}

/** The build output root (Vike writes `client/` and `server/` inside): `DIST_DIR`, else `dist`. */
export function distDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DIST_DIR || 'dist'
}

/** Whether `path` lies outside the folder `root` (both relative to the working directory, or absolute). */
export function isOutside(root: string, path: string): boolean {
  const inside = relative(resolve(root), resolve(path))
  return inside.startsWith('..') || isAbsolute(inside)
}

/** The prerendered site the server serves. */
export function clientDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(distDir(env), 'client')
}

/**
 * The build cache: under node_modules/.cache/ like other build tools' caches, so `npm ci` and
 * `rm -rf node_modules` clear it. BUILD_CACHE_DIR moves it (tests build in throwaway folders).
 */
export function buildCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.BUILD_CACHE_DIR || join('node_modules', '.cache', 'site-build')
}

/** Where the content's images are kept once encoded, so that a rebuild encodes only new or changed ones. */
export function imageCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(buildCacheDir(env), 'images')
}

/** A short, stable digest of the parts, in order: a content file's bytes key its entry and its page. */
export function digest(...parts: Array<string | Buffer>): string {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part).update('\0')
  return hash.digest('hex').slice(0, 32)
}
