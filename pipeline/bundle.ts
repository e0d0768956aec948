import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { graphDigest, packageOf, packageVersions, readLockFile, type CodeGraph, type LockFile } from '../lib/node/code-graph.server'
import { compressBody } from '../lib/node/compression.server'
import { digest, digestOfFiles, filesUnder } from './cache'

// The code half of the build: `vike build` bundles the pages for the browser (dist/client/assets) and
// for the prerender (a server bundle), once per version of the code. Each bundle is kept in the
// cache with the list of what Vite read to make it (vike-build.mjs, inputsGraph), so a build that finds those files,
// packages and settings unchanged takes the bundle from the cache and never runs Vite.

/** Files Vite reads its settings from besides the config's own graph: no module imports them. */
const VITE_SETTINGS = ['tsconfig.json', 'package.json']
const VIKE_BUILD = fileURLToPath(new URL('./vike-build.mjs', import.meta.url))
/** Bundles kept in the cache, newest first; older ones are removed. */
const KEEP_BUNDLES = 3
const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|webmanifest)$/
/** The copies the server's static handler picks by Accept-Encoding. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

export interface Bundle {
  /** Holds `client/` (assets and public files, brotli and gzip copies beside them), `server/` and `assets.json`. */
  dir: string
  /** Digest of every file of the bundle, as Vite wrote it: what the pages are rendered with. */
  digest: string
  /**
   * Digest of the locked versions of the packages the bundles were made with, those the server bundle
   * leaves to Node among them: they render the pages too, though the bundle's bytes do not change with them.
   */
  packages: string
  /** True when this build ran `vike build`; false when the bundle came from the cache. */
  built: boolean
}

/**
 * The server bundle's entry, in the output folder: there it resolves its packages from the project's
 * node_modules wherever the cache is. It is only for the prerender; the build removes it afterwards.
 */
export function serverEntryOf(distDir: string): string {
  return join(distDir, 'server', 'entry.mjs')
}

/** What a kept bundle was made from, beside it: what Vite read, and the digest of all of it when it ran. */
interface BundleRecord {
  digest: string
  inputs: CodeGraph
  inputsDigest: string
}

/**
 * The digest of what a bundle is made from, as those files are now: every module Vite read (`inputs`),
 * how the bundle is made (`made`: the graphs of vite.config.ts and of this module, which precompresses
 * its files), the files Vite takes its settings from, the names of Vike's `+` files (a new one is a new
 * page or hook, which no module imports), and the environment Vite reads.
 */
function inputsDigest(inputs: CodeGraph, made: readonly CodeGraph[], distDir: string, cacheDir: string, lock: LockFile): string {
  const files = new Set([...inputs.files, ...made.flatMap((graph) => graph.files), ...VITE_SETTINGS.filter((file) => existsSync(file))])
  const packages = new Set([...inputs.packages, ...made.flatMap((graph) => graph.packages)])
  const viteEnv = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_') || name.startsWith('PUBLIC_ENV__'))
    .sort(([a], [b]) => (a < b ? -1 : 1))
  const graph = { files: [...files].sort(), packages: [...packages].sort() }
  return digest(
    graphDigest(graph, lock),
    vikeFiles('.', (path) => path === resolve(cacheDir) || path === resolve(distDir) || path.startsWith(`${resolve(distDir)}.old-`)).join('\n'),
    distDir,
    JSON.stringify(viteEnv),
    process.version,
  )
}

/** The digest of the installed tree of the packages a bundle was made with. */
function packagesDigest(inputs: CodeGraph, lock: LockFile): string {
  return digest(...packageVersions(inputs.packages, lock))
}

/**
 * Every `+` file of the project (Vike's pages, hooks and settings), wherever it is: not in node_modules,
 * a dot folder or `skip` (the output, the last build's output being deleted beside it, the cache).
 */
function vikeFiles(folder: string, skip: (path: string) => boolean): string[] {
  const found: string[] = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = folder === '.' ? entry.name : `${folder}/${entry.name}`
    if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.') && !skip(resolve(path))) found.push(...vikeFiles(path, skip))
    else if (entry.isFile() && entry.name.startsWith('+')) found.push(path)
  }
  return found.sort()
}

/**
 * Runs `vike build`. Quiet, its report of every file it wrote (some 60 lines) is kept, and printed only
 * when it fails, beside its errors; its warnings and errors (stderr) are printed as they come.
 */
function runVikeBuild(quiet: boolean, inputsFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VIKE_BUILD, inputsFile], { stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'inherit'] })
    const report: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => report.push(chunk))
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) return resolve()
      process.stderr.write(Buffer.concat(report))
      reject(new Error(`vike build failed (exit ${code ?? signal})`))
    })
  })
}

/** Brotli and gzip copies beside each text file of the bundle: a few dozen files, compressed once per bundle. */
async function precompress(clientDir: string): Promise<void> {
  const files = filesUnder(clientDir).filter((file) => COMPRESSIBLE.test(file))
  await Promise.all(
    files.map(async (file) => {
      const path = join(clientDir, file)
      const body = await readFile(path)
      await Promise.all(PRECOMPRESSED.map(async ({ encoding, suffix }) => writeFile(`${path}${suffix}`, await compressBody(body, encoding))))
    }),
  )
}

/** The kept bundle whose inputs are as they were when Vite read them, newest first; none when every one is out of date. */
function keptBundle(bundlesDir: string, matches: (inputs: CodeGraph) => string): { dir: string; record: BundleRecord } | undefined {
  for (const dir of bundlesByAge(bundlesDir)) {
    let record: BundleRecord
    try {
      record = JSON.parse(readFileSync(join(dir, 'bundle.json'), 'utf8')) as BundleRecord
    } catch {
      continue
    }
    // A record an older build wrote (no list of inputs), or a file Vite read and since deleted: that bundle cannot be this code's.
    if (!Array.isArray(record.inputs?.files) || !record.inputs.files.every((file) => existsSync(file))) continue
    if (matches(record.inputs) === record.inputsDigest) return { dir, record }
  }
  return undefined
}

/** The kept bundles' folders, newest first. */
function bundlesByAge(bundlesDir: string): string[] {
  if (!existsSync(bundlesDir)) return []
  return readdirSync(bundlesDir)
    .filter((name) => !name.endsWith('.tmp'))
    .map((name) => ({ path: join(bundlesDir, name), time: statSync(join(bundlesDir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time)
    .map(({ path }) => path)
}

function removeOldBundles(bundlesDir: string): void {
  for (const old of bundlesByAge(bundlesDir).slice(KEEP_BUNDLES)) rmSync(old, { recursive: true, force: true })
}

/**
 * Puts the bundle into `distDir` (`client/`, `server/`, `assets.json`) and returns it: from the cache when
 * what it was made from is unchanged (and not `fresh`), else from a new `vike build`, which is then cached.
 * `made` are the code graphs of how a bundle is made (vite.config.ts, this module), found by the build.
 */
export async function prepareBundle({
  cacheDir,
  distDir,
  fresh,
  quiet,
  made,
  onServerReady = () => {},
}: {
  cacheDir: string
  distDir: string
  fresh: boolean
  quiet: boolean
  made: Promise<readonly CodeGraph[]>
  /** Called as soon as the server bundle can render pages, before the assets are compressed and cached. */
  onServerReady?: () => void
}): Promise<Bundle> {
  const bundlesDir = join(cacheDir, 'bundles')
  const lock = readLockFile()
  const makers = await made
  const digestNow = (inputs: CodeGraph) => inputsDigest(inputs, makers, distDir, cacheDir, lock)
  const kept = fresh ? undefined : keptBundle(bundlesDir, digestNow)
  if (kept) {
    for (const part of ['server', 'client', 'assets.json']) {
      cpSync(join(kept.dir, part), join(distDir, part), { recursive: true })
      if (part === 'server') onServerReady()
    }
    // Touched, so the bundles in use are the newest and outlive older ones.
    const now = new Date()
    utimesSync(kept.dir, now, now)
    return { dir: kept.dir, digest: kept.record.digest, packages: packagesDigest(kept.record.inputs, lock), built: false }
  }
  mkdirSync(bundlesDir, { recursive: true })
  const inputsFile = join(bundlesDir, `inputs.${process.pid}.tmp`)
  let inputs: CodeGraph
  try {
    await runVikeBuild(quiet, inputsFile)
    inputs = inputsGraph(JSON.parse(readFileSync(inputsFile, 'utf8')) as RecordedInputs)
  } finally {
    rmSync(inputsFile, { force: true })
  }
  onServerReady()
  await precompress(join(distDir, 'client'))
  const temporary = join(bundlesDir, `bundle.${process.pid}.tmp`)
  rmSync(temporary, { recursive: true, force: true })
  mkdirSync(temporary, { recursive: true })
  cpSync(join(distDir, 'server'), join(temporary, 'server'), { recursive: true })
  cpSync(join(distDir, 'client'), join(temporary, 'client'), { recursive: true })
  cpSync(join(distDir, 'assets.json'), join(temporary, 'assets.json'))
  // The bytes Vite wrote (and their compressed copies): the pages' keys cover them, and the folder is named by them.
  const bundleDigest = digestOfFiles(['server', 'client', 'assets.json'], temporary)
  const dir = join(bundlesDir, bundleDigest)
  writeFileSync(join(temporary, 'bundle.json'), JSON.stringify({ digest: bundleDigest, inputs, inputsDigest: digestNow(inputs) } satisfies BundleRecord))
  rmSync(dir, { recursive: true, force: true })
  renameSync(temporary, dir)
  removeOldBundles(bundlesDir)
  return { dir, digest: bundleDigest, packages: packagesDigest(inputs, lock), built: true }
}

/** What vike-build.mjs writes: the ids of every module of the builds and of every asset's source file, and the public folder. */
export interface RecordedInputs {
  ids: string[]
  publicDir: string
}

/** The package of a file under node_modules: `…/node_modules/@scope/name/x.js` → `@scope/name`. */
function packageOfFile(path: string): string {
  return packageOf(path.slice(path.lastIndexOf('/node_modules/') + '/node_modules/'.length))!
}

/**
 * The files (from `root`, forward slashes) and packages a build read, each once, sorted. Project files are
 * kept by path; a module of a package, or a package the server bundle leaves to Node (external), by the
 * package's name (its version is in package-lock.json).
 */
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
