import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { clientDir as defaultClientDir } from '../lib/paths'
import { CSP_HASHES_FILE, cacheControlFor, withoutIndexHtml, withoutTrailingSlash } from './static-paths'

export interface AppOptions {
  /** The prerendered site, `dist/client` (or `$DIST_DIR/client`) by default. */
  clientDir?: string
  /** The `/api` routes (server/api.ts); without them `/api/*` answers 404. */
  api?: Hono
}

/** The Content-Security-Policy: only this origin, no inline script except the build's hashed ones. */
function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` '${hash}'`).join('')}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'

/** The site's HTTP app: the prerendered pages and assets, the app-shell routes and a real 404. */
export function createApp({ clientDir = defaultClientDir(), api }: AppOptions = {}) {
  const notFoundFile = join(clientDir, '404.html')
  if (!existsSync(notFoundFile)) throw new Error(`${notFoundFile} is missing: run \`npm run build\` first`)
  const notFoundHtml = readFileSync(notFoundFile, 'utf8')
  const hashesFile = join(clientDir, CSP_HASHES_FILE)
  const scriptHashes = existsSync(hashesFile) ? (JSON.parse(readFileSync(hashesFile, 'utf8')) as string[]) : []
  const csp = contentSecurityPolicy(scriptHashes)

  const serveFile = (path: string) => serveStatic({ root: clientDir, path, precompressed: true })

  const app = new Hono()

  app.use(secureHeaders({ referrerPolicy: 'strict-origin-when-cross-origin', xFrameOptions: 'DENY', strictTransportSecurity: 'max-age=31536000; includeSubDomains' }))
  app.use(async (c, next) => {
    await next()
    c.res.headers.set('Content-Security-Policy', csp)
    c.res.headers.set('Permissions-Policy', PERMISSIONS_POLICY)
  })

  app.use(async (c, next) => {
    await next()
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
      c.res.headers.set('Cache-Control', cacheControlFor(c.req.path, c.res.headers.get('Content-Type')))
    }
  })

  app.use(async (c, next) => {
    const url = new URL(c.req.url)
    const target = withoutTrailingSlash(url.pathname, url.search) ?? withoutIndexHtml(url.pathname, url.search)
    if (target) return c.redirect(target, 301)
    await next()
  })

  if (api) app.route('/api', api)
  app.all('/api/*', (c) => c.json({ error: `No API endpoint ${c.req.method} ${c.req.path}.` }, 404))

  // SPEC §2: any /dashboard path shows the home screen; any /r/<code> gets the referral shell.
  app.get('/dashboard', serveFile('index.html'))
  app.get('/dashboard/*', serveFile('index.html'))
  app.get('/r', serveFile('r/index.html'))
  app.get('/r/*', serveFile('r/index.html'))
  app.get('/404.html', (c) => c.notFound())

  app.get('*', serveStatic({ root: clientDir, precompressed: true }))

  app.notFound((c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(notFoundHtml, 404)
  })

  return app
}
