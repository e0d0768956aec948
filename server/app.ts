import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { clientDir as defaultClientDir } from '../lib/paths'
import { cacheControlFor, withoutIndexHtml, withoutTrailingSlash } from './static-paths'

export interface AppOptions {
  /** The prerendered site, `dist/client` (or `$DIST_DIR/client`) by default. */
  clientDir?: string
}

/** The site's HTTP app: the prerendered pages and assets, the app-shell routes and a real 404. */
export function createApp({ clientDir = defaultClientDir() }: AppOptions = {}) {
  const notFoundFile = join(clientDir, '404.html')
  if (!existsSync(notFoundFile)) throw new Error(`${notFoundFile} is missing: run \`npm run build\` first`)
  const notFoundHtml = readFileSync(notFoundFile, 'utf8')

  const serveFile = (path: string) => serveStatic({ root: clientDir, path, precompressed: true })

  const app = new Hono()

  app.use(secureHeaders({ referrerPolicy: 'strict-origin-when-cross-origin', xFrameOptions: 'DENY' }))

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
