import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Handler } from 'hono'
import { clientDir as defaultClientDir } from '../lib/node/paths.server'
import {
  API_PREFIX,
  CACHE_CONTROL,
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
  fileOfPath,
  responseHeaders,
  type CspHashes,
  type Redirect,
} from '../lib/universal/routes'
import { sendAlternateFileHeaders } from './alternate-files'
import { apiNotFound } from './api'
import { compressOnDemand, recordServedFile } from './compression'
import { setFormTimingCookie } from './form-timing'

export interface AppOptions {
  /** The prerendered site, `dist/client` (or `$DIST_DIR/client`) by default. */
  clientDir?: string
  /** The `/api` routes (server/api.ts); without them `/api/*` answers 404. */
  api?: Hono
  /** Answers GET HEALTH_PATH (server/health.ts); without it that path is a 404, as on a static host. */
  health?: Handler
  /** The clock a page's form-timing cookie is stamped with (server/form-timing.ts); tests set it. */
  now?: () => number
}

/**
 * The site's HTTP app: the prerendered pages and assets, the app-shell routes and a real 404. Every
 * route rule comes from lib/universal/routes.ts, which the static hosts' rule files are written from too.
 */
export function createApp({ clientDir = defaultClientDir(), api, health, now = Date.now }: AppOptions = {}) {
  const notFoundFile = join(clientDir, NOT_FOUND_FILE)
  if (!existsSync(notFoundFile)) throw new Error(`${notFoundFile} is missing: run \`npm run build\` first`)
  const notFoundHtml = readFileSync(notFoundFile, 'utf8')
  const hashesFile = join(clientDir, CSP_HASHES_FILE)
  const hashes: CspHashes = existsSync(hashesFile) ? (JSON.parse(readFileSync(hashesFile, 'utf8')) as CspHashes) : { script: [], style: [] }
  const headers = Object.entries(responseHeaders(hashes))
  // The pages' old URLs (`redirectFrom`), as the build wrote them beside this site: one lookup per request.
  const redirectsFile = join(dirname(clientDir), REDIRECTS_FILE)
  const redirects = new Map(
    (existsSync(redirectsFile) ? (JSON.parse(readFileSync(redirectsFile, 'utf8')) as Redirect[]) : []).map(({ from, to }) => [from, to]),
  )

  const serveFile = (path: string) => serveStatic({ root: clientDir, path, precompressed: true, onFound: recordServedFile })

  const app = new Hono()

  app.use(async (c, next) => {
    await next()
    for (const [name, value] of headers) c.res.headers.set(name, value)
  })

  app.use(async (c, next) => {
    await next()
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
      c.res.headers.set('Cache-Control', cacheControlFor(c.req.path, c.res.headers.get('Content-Type')))
    }
  })

  app.use(async (c, next) => {
    const url = new URL(c.req.url)
    const target = canonicalPath(url.pathname, url.search)
    if (target) return c.redirect(target, CANONICAL_REDIRECT_STATUS)
    const moved = redirects.get(url.pathname)
    if (moved) return c.redirect(`${moved}${url.search}`, REDIRECT_STATUS)
    await next()
  })

  if (api) app.route(API_PREFIX, api)
  app.all(`${API_PREFIX}/*`, apiNotFound)
  if (health) app.get(HEALTH_PATH, health)

  // Registered after the API, so only pages and files reach it: API answers are small and each one different.
  app.use(compressOnDemand())
  // Inside the compression, so it reads the page as the file holds it; after the API, so only pages and files reach it.
  app.use(setFormTimingCookie(now))
  // Inside the compression too: the feeds' and markdown twins' media types decide what it compresses.
  app.use(sendAlternateFileHeaders())

  for (const shell of SHELL_ROUTES) {
    app.get(shell.prefix, serveFile(shell.file))
    app.get(`${shell.prefix}/*`, serveFile(shell.file))
  }
  for (const path of NOT_FOUND_PATHS) app.get(path, (c) => c.notFound())

  app.get('*', serveStatic({ root: clientDir, precompressed: true, rewriteRequestPath: (path) => `/${fileOfPath(path)}`, onFound: recordServedFile }))

  app.notFound((c) => {
    recordServedFile(notFoundFile, c)
    c.header('Cache-Control', CACHE_CONTROL.page)
    return c.html(notFoundHtml, 404)
  })

  return app
}
