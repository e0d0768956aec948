// Found rather than listed: esbuild bundles each entry in memory, so a digest follows the code it made, not comments or layout.
import { readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join, relative, sep } from 'node:path'
import type { BuildOptions, BuildResult } from 'esbuild'
import { projectRequire } from './cards/font-files.server'
import { digest } from './paths.server'

/** `code`, the digest of what esbuild made of the files, stands for their bytes. */
export type CodeGraph = { files: string[]; packages: string[]; code?: string }

const esbuild = () => projectRequire()('esbuild') as typeof import('esbuild')

/** Whitespace minified to drop every comment: esbuild keeps doc comments inside objects and classes, and each file's path, as comments. */
const graphOptions = (entries: readonly string[], root: string): BuildOptions => ({
  entryPoints: entries.map((entry) => join(root, entry)),
  absWorkingDir: root,
  bundle: true,
  write: false,
  metafile: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  outdir: 'code-graph',
  legalComments: 'none',
  minifyWhitespace: true,
  logLevel: 'silent',
})

/** `react-dom/server` → `react-dom`, `@scope/name/x` → `@scope/name`; a relative or absolute path, a builtin → undefined. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) return undefined
  const parts = specifier.split('/')
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/')
}

function graphsOf({ metafile, outputFiles }: BuildResult, entries: readonly string[], root: string): Map<string, CodeGraph> {
  const graphs = new Map<string, CodeGraph>()
  const made = new Map(outputFiles!.map((file) => [file.path, file.hash]))
  for (const [path, output] of Object.entries(metafile!.outputs)) {
    if (!output.entryPoint) continue
    const entry = relative(root, join(root, output.entryPoint)).split(sep).join('/')
    const files = Object.keys(output.inputs).map((input) => relative(root, join(root, input)).split(sep).join('/'))
    const packages = output.imports.flatMap(({ path, external }) => (external ? (packageOf(path) ?? []) : []))
    const code = made.get(join(root, path))
    if (code === undefined) throw new Error(`code graph: esbuild gave no code for ${entry}`)
    graphs.set(entry, { files: [...new Set(files)].sort(), packages: [...new Set(packages)].sort(), code })
  }
  for (const entry of entries) if (!graphs.has(entry)) throw new Error(`code graph: esbuild gave no output for ${entry}`)
  return graphs
}

/** esbuild's service is left running, for the caller's other builds: the caller stops it. */
export async function codeGraphs(entries: readonly string[], root = process.cwd()): Promise<Map<string, CodeGraph>> {
  return graphsOf(await esbuild().build(graphOptions(entries, root)), entries, root)
}

/** For a page rendering in `npm run dev`. */
export function codeGraphsSync(entries: readonly string[], root = process.cwd()): Map<string, CodeGraph> {
  return graphsOf(esbuild().buildSync(graphOptions(entries, root)), entries, root)
}

export interface LockFile {
  packages: Record<string, { version?: string; integrity?: string; dependencies?: object; optionalDependencies?: object; peerDependencies?: object }>
}

/** Each package named and everything it depends on, as the lock file installs it (`path@version integrity`; `name@missing`). */
export function packageVersions(names: readonly string[], lock: LockFile): string[] {
  const found = new Set<string>()
  const missing = new Set<string>()
  /** The nearest node_modules up from the package at `from` ('' for the project), as Node resolves it. */
  const locate = (name: string, from: string): string | undefined => {
    for (let at = from; ;) {
      const path = `${at ? `${at}/` : ''}node_modules/${name}`
      if (lock.packages[path]) return path
      if (!at) return undefined
      const up = at.lastIndexOf('/node_modules/')
      at = up < 0 ? '' : at.slice(0, up)
    }
  }
  const visit = (name: string, from: string, required: boolean) => {
    const path = locate(name, from)
    if (!path) {
      if (required) missing.add(name)
      return
    }
    if (found.has(path)) return
    found.add(path)
    const entry = lock.packages[path]!
    for (const dependency of Object.keys(entry.dependencies ?? {})) visit(dependency, path, true)
    for (const dependency of Object.keys({ ...entry.optionalDependencies, ...entry.peerDependencies })) visit(dependency, path, false)
  }
  for (const name of names) visit(name, '', true)
  const versions = [...found].map((path) => `${path}@${lock.packages[path]!.version ?? ''} ${lock.packages[path]!.integrity ?? ''}`)
  return [...versions, ...[...missing].map((name) => `${name}@missing`)].sort()
}

export function readLockFile(root = process.cwd()): LockFile {
  return JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as LockFile
}

/** Each file's path, the code made of the files (else their bytes), each package's installed tree. */
export function graphDigest({ files, packages, code }: CodeGraph, lock: LockFile, root = process.cwd()): string {
  const sources = code === undefined ? files.flatMap((file) => [file, readFileSync(join(root, file))]) : [...files, code]
  return digest(...sources, ...packageVersions(packages, lock))
}
