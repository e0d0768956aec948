import react from '@vitejs/plugin-react'
import { createReadStream, existsSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import vike from 'vike/plugin'
import { defineConfig, normalizePath, type Plugin } from 'vite'
import { KEEP_GOING_ENV } from './lib/node/content.server.ts'
import { contentErrorPage } from './lib/node/content-error-page.server.ts'
import { IMAGES_URL } from './lib/node/images.server.ts'
import { SHOW_UNPUBLISHED_ENV } from './lib/node/publication.server.ts'
import { buildCacheDir, contentDir, distDir, imageCacheDir } from './lib/node/paths.server.ts'
import { loadSite } from './lib/node/site.server.ts'
import { syndicationInDev } from './lib/node/syndication-in-dev.server.ts'
import { loadUiText } from './lib/node/ui-text.server.ts'

/** site.json's and layout.json's problems (every page needs both), one per line; none when both are valid. */
function sharedFileProblems(): string[] {
  try {
    loadSite()
    loadUiText()
    return []
  } catch (error) {
    return (error as Error).message.split('\n').filter(Boolean)
  }
}

/**
 * `npm run dev` and the content: a change under the content root drops the parsed content and reloads the
 * page. A bad content file fails only the pages that need it, each showing its problems in the browser
 * (KEEP_GOING_ENV, renderer/+onRenderHtml.ts); when site.json or layout.json is bad, no page can render,
 * so every page request gets the list of their problems instead, until the file is fixed.
 */
function contentInDev(): Plugin {
  const root = resolve(contentDir())
  let shared: string[] = []
  return {
    name: 'content-in-dev',
    apply: 'serve',
    config() {
      process.env[KEEP_GOING_ENV] = '1'
      // Drafts and scheduled entries are shown, each marked as such (lib/node/publication.server.ts).
      process.env[SHOW_UNPUBLISHED_ENV] = '1'
    },
    configureServer(server) {
      shared = sharedFileProblems()
      server.watcher.add(root)
      const onChange = (file: string) => {
        if (!resolve(file).startsWith(root)) return
        shared = sharedFileProblems()
        for (const environment of Object.values(server.environments)) environment.moduleGraph.invalidateAll()
        server.ws.send({ type: 'full-reload' })
      }
      server.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange)
      server.middlewares.use((request, response, next) => {
        if (shared.length === 0 || request.method !== 'GET' || !request.headers.accept?.includes('text/html')) return next()
        // Read again: the last change event may have caught the file half written.
        shared = sharedFileProblems()
        if (shared.length === 0) return next()
        response.statusCode = 500
        response.setHeader('Content-Type', 'text/html; charset=utf-8')
        response.end(contentErrorPage(shared))
      })
    },
  }
}

const IMAGE_TYPES: Record<string, string> = { '.avif': 'image/avif', '.webp': 'image/webp', '.jpg': 'image/jpeg', '.png': 'image/png' }

/** In `npm run dev`, the content's images are served from the build cache, where rendering the markdown encoded them (a build links them into the site). */
function serveContentImages(): Plugin {
  const folder = resolve(imageCacheDir(), 'files')
  return {
    name: 'serve-content-images',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(IMAGES_URL, (request, response, next) => {
        const name = (request.url ?? '').slice(1).split('?')[0] ?? ''
        const type = IMAGE_TYPES[extname(name)]
        if (!type || name.includes('/') || !existsSync(join(folder, name))) return next()
        response.setHeader('Content-Type', type)
        createReadStream(join(folder, name)).pipe(response)
      })
    },
  }
}

/**
 * Where `npm run dev` listens: HOST, else loopback only, so that nobody else on the network reaches the
 * drafts and the source (Vike would otherwise listen on every interface inside a container or on CI).
 * `HOST=0.0.0.0 npm run dev` opens it to the network on purpose. The port is Vike's (3000; `-- --port N`).
 * `vike preview` listens likewise.
 */
const devHost = process.env.HOST || '127.0.0.1'

/** The folders whose files the browser loads in `npm run dev`: the app's own modules and their dependencies. */
const BROWSER_FOLDERS = ['pages', 'renderer', 'components', 'lib/universal', 'node_modules']

/**
 * `npm run dev` reads for the browser only files inside BROWSER_FOLDERS (and Vite's and Vike's own
 * client code): nothing else of the project, neither the database, `.env`, `server/`, `scripts/`,
 * `tests/`, `lib/node/` nor the files at its root (403). public/ and the content's images
 * (serveContentImages) are served by their own middleware; the server side (SSR) loads its modules
 * without this check. Vike adds the project folder to `server.fs.allow` once the config is resolved, so
 * the list is narrowed here, when the server is made. Vite also lets the browser read any module the
 * server side has imported, whatever `fs.allow` says; only `fs.deny` stops that, so it names the server's
 * own modules (`lib/node/`, `*.server.*`) besides Vite's defaults (`.env`, `.env.*`, keys and
 * certificates, `.git`), SQLite's files, data/ and the build cache.
 */
function devFileAccess(): Plugin {
  // Vite compares paths with forward slashes, on Windows too; a folder's name is matched as written.
  const path = (folder: string) => normalizePath(resolve(folder)).replace(/[()[\]{}*?!+@|]/g, '\\$&')
  const root = normalizePath(resolve('.'))
  const allow = BROWSER_FOLDERS.map((folder) => normalizePath(resolve(folder)))
  const inProject = (folder: string) => root === folder || root.startsWith(`${folder}/`) || folder.startsWith(`${root}/`)
  const viteDefaults = ['.env', '.env.*', '*.{crt,pem}', '**/.git/**']
  const deny = [...viteDefaults, '*.db', '*.db-*', `${path('data')}/**`, `${path(buildCacheDir())}/**`, `${path('lib/node')}/**`, '*.server.*']
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
  plugins: [vike(), react(), contentInDev(), serveContentImages(), syndicationInDev(), devFileAccess()],
  server: { host: devHost, port: 5173 }, // not 3000, where `npm run serve` listens, so both can run at once
  preview: { host: devHost },
  build: { outDir: distDir() },
})
