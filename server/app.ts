// The site's HTTP app: the prerendered files (server/site-files.ts), the redirects, the API and the health check.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Hono, type Handler } from 'hono'
import { clientDir as defaultClientDir } from '../lib/node/paths.server'
import {
  API_PREFIX,
  CANONICAL_REDIRECT_STATUS,
  CSP_HASHES_FILE,
  HEALTH_PATH,
  NOT_FOUND_FILE,
  NOT_FOUND_PATHS,
  REDIRECT_STATUS,
  REDIRECTS_FILE,
  SHELL_ROUTES,
  cacheControlFor,
  canonicalPath,
  hasControlCharacter,
  responseHeaders,
  type CspHashes,
  type Redirect,
} from '../lib/universal/routes'
import { apiNotFound } from './api'
import type { SiteFileCacheOptions } from './site-file-cache'
import { isSiteAnswer, SiteFiles } from './site-files'

export interface AppOptions extends Partial<SiteFileCacheOptions> {
  clientDir?: string
  /** Without it `/api/*` answers 404. */
  api?: Hono
  /** Without it HEALTH_PATH is a 404, as on a static host. */
  health?: Handler
}

export function createApp({ clientDir = defaultClientDir(), api, health, now = Date.now, ...cache }: AppOptions = {}) {
  const notFoundFile = join(clientDir, NOT_FOUND_FILE)
  if (!existsSync(notFoundFile)) throw new Error(`${notFoundFile} is missing: run \`npm run build\` first`)
  const notFoundHtml = readFileSync(notFoundFile, 'utf8')
  const readJson = <T>(file: string, fallback: T): T => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback)
  const everyAnswer = responseHeaders(readJson<CspHashes>(join(clientDir, CSP_HASHES_FILE), { script: [], style: [] }))
  const headers = Object.entries(everyAnswer)
  // The pages' old URLs (`redirectFrom`), as the build wrote them beside this site: one lookup per request.
  const redirects = new Map(readJson<Redirect[]>(join(dirname(clientDir), REDIRECTS_FILE), []).map(({ from, to }) => [from, to]))

  const site = new SiteFiles({ root: clientDir, headers: everyAnswer, notFoundHtml, now, ...cache })

  const app = new Hono()

  // The answers not made whole by the site's files get the headers every answer carries, and a 200 its Cache-Control.
  app.use(async (c, next) => {
    await next()
    const res = c.res
    if (isSiteAnswer(res)) return
    for (const [name, value] of headers) res.headers.set(name, value)
    if (res.status === 200 && !res.headers.has('Cache-Control')) res.headers.set('Cache-Control', cacheControlFor(c.req.path, res.headers.get('Content-Type')))
  })

  // The API before the redirects, as on the Worker: its paths are never a page's.
  if (api) app.route(API_PREFIX, api)
  else app.all(`${API_PREFIX}/*`, apiNotFound)

  app.use(async (c, next) => {
    const url = new URL(c.req.url)
    // No page's path, and a NUL would make the file system throw: the 404 page, not a redirect.
    if (hasControlCharacter(url.pathname)) return site.notFound(c)
    const target = canonicalPath(url.pathname, url.search)
    if (target) return c.redirect(target, CANONICAL_REDIRECT_STATUS)
    const moved = redirects.get(url.pathname)
    if (moved) return c.redirect(`${moved}${url.search}`, REDIRECT_STATUS)
    await next()
  })

  if (health) app.get(HEALTH_PATH, health)

  for (const shell of SHELL_ROUTES) app.get(`${shell.prefix}/*`, (c) => site.serveFile(c, shell.file))
  for (const path of NOT_FOUND_PATHS) app.get(path, (c) => site.notFound(c))

  app.get('*', (c) => site.servePath(c))

  app.notFound((c) => site.notFound(c))

  return app
}
