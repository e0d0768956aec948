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
