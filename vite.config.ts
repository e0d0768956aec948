import react from '@vitejs/plugin-react'
import { relative, resolve } from 'node:path'
import vike from 'vike/plugin'
import { defineConfig, normalizePath, type Plugin, type ViteDevServer } from 'vite'
import type * as DevServerModule from './lib/node/dev-server.server.ts'
import { enterContentDevMode } from './lib/node/dev-mode.server.ts'
import { buildCacheDir, contentDir, distDir } from './lib/node/paths.server.ts'
import { preactInBrowser } from './lib/node/preact-in-browser.server.ts'
import { serveReportSheetsInDev } from './lib/node/report-sheets.server.ts'
import { REDIRECT_STATUS } from './lib/universal/routes.ts'

// This file imports only modules that import nothing of the project (paths, names, route constants):
// Vite bundles the config with all it imports every time it loads it (six times per `vike build`), and
// warns about each import of that bundle its future native loader could not follow. What `npm run dev`
// runs of the content code it loads through the dev server, with the pages' hooks (devServerModule).

/** lib/node/dev-server.server.ts, loaded by the dev server as the pages' hooks are: the same content index, read again after a change. */
const devServerModule = (server: ViteDevServer) => server.ssrLoadModule('/lib/node/dev-server.server.ts') as Promise<typeof DevServerModule>

/** The paths the browser loads modules from (Vite's own, BROWSER_FOLDERS): never a page, an old URL or a content image. */
const isModulePath = (pathname: string) => pathname.startsWith('/@') || BROWSER_FOLDERS.some((folder) => pathname.startsWith(`/${folder}/`))

/**
 * `npm run dev` and the content: a change under the content root drops the parsed content and reloads the
 * page. Every problem a build would stop on is shown on the page of its file (enterContentDevMode, the pages'
 * hooks, renderer/+onRenderHtml.ts) and printed once in the terminal, at start and after each change that
 * changes the list; the pages that do not need a bad file keep working. When site.json or layout.json is
 * bad, no page can render, so every page request gets the list of their problems instead, until the file is
 * fixed. The pages' old URLs (`redirectFrom`) answer 308, as the built site's do. It also serves what a build
 * writes beside the pages: the content's images, the report sheets, the feeds, llms.txt and the markdown twins
 * (lib/node/dev-server.server.ts).
 */
function contentInDev(): Plugin {
  const root = resolve(contentDir())
  return {
    name: 'content-in-dev',
    apply: 'serve',
    config() {
      // Problems are shown on their pages, and drafts and scheduled entries are shown, each marked as such
      // (lib/node/publication.server.ts).
      enterContentDevMode()
    },
    configureServer(server) {
      const { logger } = server.config
      let printed = ''
      let timer: NodeJS.Timeout | undefined
      /** Prints the content's problems when they differ from those printed last: once each, without a stack trace. */
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
      server.middlewares.use((request, response, next) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return next()
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
            if (shared.length > 0) return next()
            const moved = (await dev.devContentState()).redirects.get(pathname)
            if (moved === undefined) return next()
            response.statusCode = REDIRECT_STATUS
            response.setHeader('Location', `${moved}${search}`)
            response.end()
          })
          .catch(next)
      })
      // The content's images, from the build cache, where rendering the markdown encoded them (a build links them into the site).
      server.middlewares.use((request, response, next) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return next()
        devServerModule(server).then((dev) => dev.serveContentImage(request, response) || next(), next)
      })
      // The home page's sample report sheets, which a build writes beside the pages too.
      serveReportSheetsInDev(server)
      // The feeds, llms.txt and the markdown twins, from the content as the pages read it; a content problem answers 500 with the problems.
      server.middlewares.use((request, response, next) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return next()
        const { pathname } = new URL(request.url ?? '/', 'http://dev.invalid')
        if (isModulePath(pathname)) return next()
        devServerModule(server)
          .then((dev) => dev.devSyndicationFile(pathname))
          .then((file) => {
            if (!file) return next()
            response.statusCode = file.status
            for (const [name, value] of Object.entries(file.headers)) response.setHeader(name, value)
            response.setHeader('Content-Length', Buffer.byteLength(file.body))
            response.end(request.method === 'HEAD' ? undefined : file.body)
          }, next)
      })
    },
  }
}

/**
 * Where `npm run dev` listens: HOST, else loopback only, so that nobody else on the network reaches the
 * drafts and the source (Vike would otherwise listen on every interface inside a container or on CI).
 * `HOST=0.0.0.0 npm run dev` opens it to the network on purpose. It listens on port 5173 (`-- --port N`), not on 3000 where `npm run serve` listens.
 * `vike preview` listens likewise.
 */
const devHost = process.env.HOST || '127.0.0.1'

/** The folders whose files the browser loads in `npm run dev`: the app's own modules and their dependencies. */
const BROWSER_FOLDERS = ['pages', 'renderer', 'components', 'lib/universal', 'node_modules']

/** A folder of the project as a glob: Vite compares paths with forward slashes, on Windows too; its name is matched as written. */
const globOf = (folder: string) => normalizePath(resolve(folder)).replace(/[()[\]{}*?!+@|]/g, '\\$&')

/** What builds, benchmarks and tests write inside the project; `.tmp-` starts a folder's name. */
const WRITTEN = ['.bench/', '.tmp-', '.wrangler/', 'data/', 'reports/', 'playwright-report/']

/**
 * What `npm run dev` does not watch: what builds, benchmarks and tests write inside the project. After
 * `npm run bench:build`, its watcher would otherwise read through tens of thousands of files before it
 * answers the first page. A folder that holds the content being served stays watched.
 */
function unwatched(): string[] {
  const content = `${normalizePath(relative('.', resolve(contentDir())))}/`
  return [...WRITTEN, `${normalizePath(distDir())}/`]
    .filter((prefix) => !content.startsWith(prefix))
    .map((prefix) => (prefix.endsWith('/') ? `${globOf(prefix)}/**` : `${globOf(prefix)}*/**`))
}

/**
 * `npm run dev` reads for the browser only files inside BROWSER_FOLDERS (and Vite's and Vike's own
 * client code): nothing else of the project, neither the database, `.env`, `server/`, `pipeline/`, `scripts/`,
 * `tests/`, `lib/node/` nor the files at its root (403). public/ and the content's images
 * (contentInDev) are served by their own middleware; the server side (SSR) loads its modules
 * without this check. Vike adds the project folder to `server.fs.allow` once the config is resolved, so
 * the list is narrowed here, when the server is made. Vite also lets the browser read any module the
 * server side has imported, whatever `fs.allow` says; only `fs.deny` stops that, so it names the server's
 * own modules (`lib/node/`, `*.server.*`) besides Vite's defaults (`.env`, `.env.*`, keys and
 * certificates, `.git`), SQLite's files, data/ and the build cache.
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
