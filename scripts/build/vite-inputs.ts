// A Vite plugin for `vike build` (vike-build.ts): records every file the client and server builds
// read, so that bundle.ts can tell, on the next build, whether the bundle it kept is still the one
// these files make: the modules of the graph, the files assets were emitted from (a font a stylesheet
// names) and the public folder Vite copies. Project files are kept by path; a module of a package, or a
// package the server bundle leaves to Node (external), by the package's name (its version is in
// package-lock.json).
import { existsSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import type { Plugin } from 'vite'
import { packageOf, type CodeGraph } from '../../lib/node/code-graph.server'
import { filesUnder } from './cache'

/** The package of a file under node_modules: `…/node_modules/@scope/name/x.js` → `@scope/name`. */
function packageOfFile(path: string): string {
  return packageOf(path.slice(path.lastIndexOf('/node_modules/') + '/node_modules/'.length))!
}

/** Records into `file` (JSON, a CodeGraph) what every build of this process read, its environments' together. */
export function recordInputs(file: string, root = process.cwd()): Plugin {
  const files = new Set<string>()
  const packages = new Set<string>()
  const add = (path: string) => {
    const id = path.split('?')[0]!.split(sep).join('/')
    // A package the server bundle leaves to Node keeps its bare name (`react-dom/server`); a virtual module has a `\0` or a `name:`.
    if (!isAbsolute(id) && !id.startsWith('\0') && !id.includes(':')) {
      const name = packageOf(id)
      if (name) packages.add(name)
    } else if (id.includes('/node_modules/')) packages.add(packageOfFile(id))
    else if (isAbsolute(id) && existsSync(id)) files.add(relative(root, id).split(sep).join('/'))
  }
  return {
    name: 'record-inputs',
    apply: 'build',
    configResolved({ publicDir }) {
      if (publicDir) for (const name of filesUnder(publicDir)) add(join(publicDir, name))
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) if (output.type === 'asset') for (const name of output.originalFileNames) add(resolve(root, name))
      for (const moduleId of this.getModuleIds()) add(moduleId)
      writeFileSync(file, JSON.stringify({ files: [...files].sort(), packages: [...packages].sort() } satisfies CodeGraph))
    },
  }
}
