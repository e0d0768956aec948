import react from '@vitejs/plugin-react'
import { resolve } from 'node:path'
import vike from 'vike/plugin'
import { defineConfig, type Plugin } from 'vite'
import { contentDir, distDir } from './lib/node/paths.server.ts'

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

export default defineConfig({
  plugins: [vike(), react(), reloadOnContentChange()],
  build: { outDir: distDir() },
})
