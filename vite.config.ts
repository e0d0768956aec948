import react from '@vitejs/plugin-react'
import { relative, resolve } from 'node:path'
import vike from 'vike/plugin'
import { defineConfig, normalizePath, type Connect, type Plugin, type ViteDevServer } from 'vite'
import type * as DevServerModule from './lib/node/dev-server.server.ts'
import { enterContentDevMode } from './lib/node/dev-mode.server.ts'
import { buildCacheDir, contentDir, distDir } from './lib/node/paths.server.ts'
import { preactInBrowser } from './lib/node/preact-in-browser.server.ts'
import { serveReportSheetsInDev } from './lib/node/report-sheets.server.ts'
import { REDIRECT_STATUS } from './lib/universal/routes.ts'

// Imports only modules that import nothing of the project: Vite bundles the config with its imports at
// every load (six per `vike build`); the content code is loaded through the dev server (devServerModule).

/** Loaded as the pages' hooks are: the same content index, read again after a change. */
const devServerModule = (server: ViteDevServer) => server.ssrLoadModule('/lib/node/dev-server.server.ts') as Promise<typeof DevServerModule>

/** The paths the browser loads modules from (Vite's own, BROWSER_FOLDERS): never a page, an old URL or a content image. */
const isModulePath = (pathname: string) => pathname.startsWith('/@') || BROWSER_FOLDERS.some((folder) => pathname.startsWith(`/${folder}/`))

/**
 * `npm run dev` and the content: a change reloads the page; each problem a build would stop on is shown on
 * its file's page and printed once (a bad site.json or layout.json answers every page with the list). It
 * also answers the old URLs with 308 and serves what a build writes beside the pages.
 */
function contentInDev(): Plugin {
  const root = resolve(contentDir())
  return {
    name: 'content-in-dev',
    apply: 'serve',
    config() {
      enterContentDevMode()
    },
    configureServer(server) {
      const { logger } = server.config
      let printed = ''
      let timer: NodeJS.Timeout | undefined
      /** Prints the content's problems when they differ from those printed last. */
      const report = () =>
        devServerModule(server)
          .then((dev) => dev.devContentState())
          .then(({ problems }) => {
            const text = problems.map((problem) => `  ${problem}`).join('\n')
            if (text === printed) return
            if (problems.length > 0) {
              const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`
              logger.error(`content: ${count} a build would stop on, each shown on its page:\n${text}`, { timestamp: true })
            } else logger.info('content: no problems', { timestamp: true })
            printed = text
          })
          .catch((error: unknown) => logger.error(`content: ${String((error as Error).stack ?? error)}`))
      server.httpServer?.once('listening', () => void report())
      server.watcher.add(root)
      const onChange = (file: string) => {
        if (!resolve(file).startsWith(root)) return
        for (const environment of Object.values(server.environments)) environment.moduleGraph.invalidateAll()
        server.ws.send({ type: 'full-reload' })
        // An editor may write a file in several steps: the list is printed once they are done.
        clearTimeout(timer)
        timer = setTimeout(report, 300)
      }
      server.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange)
      const onRead = (handle: Connect.NextHandleFunction) =>
        server.middlewares.use((request, response, next) => (request.method === 'GET' || request.method === 'HEAD' ? handle(request, response, next) : next()))
      onRead((request, response, next) => {
        const { pathname, search } = new URL(request.url ?? '/', 'http://dev.invalid')
        if (isModulePath(pathname)) return next()
        devServerModule(server)
          .then(async (dev) => {
            const shared = dev.sharedFileProblems()
            if (shared.length > 0 && request.headers.accept?.includes('text/html')) {
              response.statusCode = 500
              response.setHeader('Content-Type', 'text/html; charset=utf-8')
              return response.end(dev.contentErrorPage(shared))
            }
            const moved = shared.length > 0 ? undefined : (await dev.devContentState()).redirects.get(pathname)
            if (moved !== undefined) {
              response.statusCode = REDIRECT_STATUS
              response.setHeader('Location', `${moved}${search}`)
              return response.end()
            }
            // The feeds, llms.txt and the markdown twins; a content problem answers 500 with the problems.
            const file = await dev.devSyndicationFile(pathname)
            if (!file) return next()
            response.statusCode = file.status
            for (const [name, value] of Object.entries(file.headers)) response.setHeader(name, value)
            response.setHeader('Content-Length', Buffer.byteLength(file.body))
            response.end(request.method === 'HEAD' ? undefined : file.body)
          })
          .catch(next)
      })
      // The content's images, from the build cache where rendering the markdown encoded them.
      onRead((request, response, next) => void devServerModule(server).then((dev) => dev.serveContentImage(request, response) || next(), next))
      serveReportSheetsInDev(server)
    },
  }
}

/** Loopback unless HOST says otherwise: nobody else on the network may reach the drafts and the source. */
const devHost = process.env.HOST || '127.0.0.1'

/** The folders whose files the browser loads in `npm run dev`: the app's own modules and their dependencies. */
const BROWSER_FOLDERS = ['pages', 'renderer', 'components', 'lib/universal', 'node_modules']

/** A folder of the project as a glob with forward slashes, as Vite compares paths, its name matched as written. */
const globOf = (folder: string) => normalizePath(resolve(folder)).replace(/[()[\]{}*?!+@|]/g, '\\$&')

/** What builds, benchmarks and tests write inside the project; `.tmp-` starts a folder's name. */
const WRITTEN = ['.bench/', '.tmp-', '.wrangler/', 'data/', 'reports/', 'playwright-report/']

/** Unwatched (after bench:build the watcher would read tens of thousands of files first), unless it holds the content served. */
function unwatched(): string[] {
  const content = `${normalizePath(relative('.', resolve(contentDir())))}/`
  return [...WRITTEN, `${normalizePath(distDir())}/`]
    .filter((prefix) => !content.startsWith(prefix))
    .map((prefix) => (prefix.endsWith('/') ? `${globOf(prefix)}/**` : `${globOf(prefix)}*/**`))
}

/**
 * The browser reads only BROWSER_FOLDERS (403 elsewhere). Vike adds the project folder to `fs.allow` once the
 * config is resolved, so the list is narrowed when the server is made; and Vite serves any module the server
 * side imported whatever `fs.allow` says, so `fs.deny` names the server's own modules too.
 */
function devFileAccess(): Plugin {
  const root = normalizePath(resolve('.'))
  const allow = BROWSER_FOLDERS.map((folder) => normalizePath(resolve(folder)))
  const inProject = (folder: string) => root === folder || root.startsWith(`${folder}/`) || folder.startsWith(`${root}/`)
  const viteDefaults = ['.env', '.env.*', '*.{crt,pem}', '**/.git/**']
  const deny = [...viteDefaults, '*.db', '*.db-*', `${globOf('data')}/**`, `${globOf(buildCacheDir())}/**`, `${globOf('lib/node')}/**`, '*.server.*']
  return {
    name: 'dev-file-access',
    apply: 'serve',
    config: () => ({ server: { fs: { strict: true, allow, deny } } }),
    configureServer(server) {
      const { fs } = server.config.server
      const kept = [...allow, ...fs.allow.filter((folder) => !inProject(folder))]
      fs.allow.splice(0, fs.allow.length, ...new Set(kept))
    },
  }
}

export default defineConfig({
  plugins: [vike(), react(), preactInBrowser(), contentInDev(), devFileAccess()],
  server: { host: devHost, port: 5173, watch: { ignored: unwatched() } }, // not 3000, where `npm run serve` listens, so both can run at once
  preview: { host: devHost },
  build: { outDir: distDir() },
  // No doc comments in the server bundle (the browser's is minified): a page's cache key covers its bytes,
  // and a comment reworded must not re-render every page. Licences and #__PURE__ marks stay.
  environments: { ssr: { build: { rolldownOptions: { output: { comments: { legal: true, annotation: true, jsdoc: false } } } } } },
})
