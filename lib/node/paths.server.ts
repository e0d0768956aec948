import { join } from 'node:path'

// Where the build reads and writes, relative to the working directory; env overrides for scale tests.

/** The content root: `CONTENT_DIR`, else `content`. */
export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTENT_DIR || 'content'
}

/** The build output root (Vike writes `client/` and `server/` inside): `DIST_DIR`, else `dist`. */
export function distDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DIST_DIR || 'dist'
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
