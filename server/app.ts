import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { clientDir as defaultClientDir } from '../lib/node/paths.server'
import { apiNotFound } from './api'
import { compressOnDemand, recordServedFile } from './compression'
import { CANONICAL_REDIRECT_STATUS, CSP_HASHES_FILE, SECURITY_HEADERS, cacheControlFor, canonicalPath, contentSecurityPolicy, fileOfPath } from './static-paths'

export interface AppOptions {
  /** The prerendered site, `dist/client` (or `$DIST_DIR/client`) by default. */
  clientDir?: string
  /** The `/api` routes (server/api.ts); without them `/api/*` answers 404. */
  api?: Hono
}

/** The site's HTTP app: the prerendered pages and assets, the app-shell routes and a real 404. */
export function createApp({ clientDir = defaultClientDir(), api }: AppOptions = {}) {
  const notFoundFile = join(clientDir, '404.html')
  if (!existsSync(notFoundFile)) throw new Error(`${notFoundFile} is missing: run \`npm run build\` first`)
  const notFoundHtml = readFileSync(notFoundFile, 'utf8')
  const hashesFile = join(clientDir, CSP_HASHES_FILE)
  const hashes = existsSync(hashesFile) ? (JSON.parse(readFileSync(hashesFile, 'utf8')) as { script: string[]; style: string[] }) : { script: [], style: [] }
  const csp = contentSecurityPolicy(hashes)

  const serveFile = (path: string) => serveStatic({ root: clientDir, path, precompressed: true, onFound: recordServedFile })

  const app = new Hono()

  app.use(async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value)
    c.res.headers.set('Content-Security-Policy', csp)
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
    await next()
  })

  if (api) app.route('/api', api)
  app.all('/api/*', apiNotFound)

  // Registered after the API, so only pages and files reach it: API answers are small and each one different.
  app.use(compressOnDemand())

  // SPEC §2: any /dashboard path shows the home screen; any /r/<code> gets the referral shell.
  app.get('/dashboard', serveFile('index.html'))
  app.get('/dashboard/*', serveFile('index.html'))
  app.get('/r', serveFile('r.html'))
  app.get('/r/*', serveFile('r.html'))
  app.get('/404', (c) => c.notFound())
  app.get('/404.html', (c) => c.notFound())

  app.get('*', serveStatic({ root: clientDir, precompressed: true, rewriteRequestPath: fileOfPath, onFound: recordServedFile }))

  app.notFound((c) => {
    recordServedFile(notFoundFile, c)
    c.header('Cache-Control', 'no-cache')
    return c.html(notFoundHtml, 404)
  })

  return app
}
