import react from '@vitejs/plugin-react'
import { createReadStream, existsSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import vike from 'vike/plugin'
import { defineConfig, type Plugin } from 'vite'
import { IMAGES_URL } from './lib/node/images.server.ts'
import { contentDir, distDir, imageCacheDir } from './lib/node/paths.server.ts'

/** In `npm run dev`, a change under the content root drops the parsed content and reloads the page. */
function reloadOnContentChange(): Plugin {
  const root = resolve(contentDir())
  return {
    name: 'reload-on-content-change',
    apply: 'serve',
    configureServer(server) {
      server.watcher.add(root)
      const onChange = (file: string) => {
        if (!resolve(file).startsWith(root)) return
        for (const environment of Object.values(server.environments)) environment.moduleGraph.invalidateAll()
        server.ws.send({ type: 'full-reload' })
      }
      server.watcher.on('change', onChange).on('add', onChange).on('unlink', onChange)
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

export default defineConfig({
  plugins: [vike(), react(), reloadOnContentChange(), serveContentImages()],
  build: { outDir: distDir() },
})
