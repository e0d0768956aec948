// What a `vike build` read (recorded by vike-build.mjs), as the files and packages bundle.ts keys the
// bundle by. Project files are kept by path; a module of a package, or a package the server bundle
// leaves to Node (external), by the package's name (its version is in package-lock.json).
import { existsSync } from 'node:fs'
import { isAbsolute, join, relative, sep } from 'node:path'
import { packageOf, type CodeGraph } from '../lib/node/code-graph.server'
import { filesUnder } from './cache'

/** What vike-build.mjs writes: the ids of every module of the builds and of every asset's source file, and the public folder. */
export interface RecordedInputs {
  ids: string[]
  publicDir: string
}

/** The package of a file under node_modules: `…/node_modules/@scope/name/x.js` → `@scope/name`. */
function packageOfFile(path: string): string {
  return packageOf(path.slice(path.lastIndexOf('/node_modules/') + '/node_modules/'.length))!
}

/** The files (from `root`, forward slashes) and packages a build read, each once, sorted. */
export function inputsGraph({ ids, publicDir }: RecordedInputs, root = process.cwd()): CodeGraph {
  const files = new Set<string>()
  const packages = new Set<string>()
  const paths = [...ids, ...(publicDir ? filesUnder(publicDir).map((name) => join(publicDir, name)) : [])]
  for (const path of paths) {
    const id = path.split('?')[0]!.split(sep).join('/')
    // A package the server bundle leaves to Node keeps its bare name (`react-dom/server`); a virtual module has a `\0` or a `name:`.
    if (!isAbsolute(id) && !id.startsWith('\0') && !id.includes(':')) {
      const name = packageOf(id)
      if (name) packages.add(name)
    } else if (id.includes('/node_modules/')) packages.add(packageOfFile(id))
    else if (isAbsolute(id) && existsSync(id)) files.add(relative(root, id).split(sep).join('/'))
  }
  return { files: [...files].sort(), packages: [...packages].sort() }
}
