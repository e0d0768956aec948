// `vike build`, cached with what Vite read (vike-build.mjs): a build that finds those unchanged never runs Vite.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { graphDigest, packageOf, packageVersions, readLockFile, type CodeGraph, type LockFile } from '../lib/node/code-graph.server'
import { compressBody, isCompressibleFile } from '../lib/node/compression.server'
import { digest, digestOfFiles, filesUnder, readJsonFile } from './cache'

/** Files Vite reads its settings from besides the config's own graph: no module imports them. */
const VITE_SETTINGS = ['tsconfig.json', 'package.json']
const VIKE_BUILD = fileURLToPath(new URL('./vike-build.mjs', import.meta.url))
const KEEP_BUNDLES = 3
const PARTS = ['server', 'client', 'assets.json']
/** The copies the server's static handler picks by Accept-Encoding. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

/** `packages`: the digest of the locked versions, as the packages the server bundle leaves to Node render the pages too. */
type Bundle = { dir: string; digest: string; packages: string; built: boolean }

/** The server bundle's entry, in the output folder so it resolves the project's node_modules; only for the prerender. */
export function serverEntryOf(distDir: string): string {
  return join(distDir, 'server', 'entry.mjs')
}

/** Beside a kept bundle: what Vite read, and the digest of all of it when it ran. */
type BundleRecord = { digest: string; inputs: CodeGraph; inputsDigest: string }

/** What a bundle is made from as it is now, Vike's `+` files' names too: a new one is a page or hook no module imports. */
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

/** Every `+` file of the project outside node_modules, dot folders and `skip`. */
function vikeFiles(folder: string, skip: (path: string) => boolean): string[] {
  const found: string[] = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = folder === '.' ? entry.name : `${folder}/${entry.name}`
    if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.') && !skip(resolve(path))) found.push(...vikeFiles(path, skip))
    else if (entry.isFile() && entry.name.startsWith('+')) found.push(path)
  }
  return found.sort()
}

/** Quiet, its report of every file it wrote is printed only when it fails. */
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

async function precompress(clientDir: string): Promise<void> {
  const files = filesUnder(clientDir).filter(isCompressibleFile)
  await Promise.all(
    files.map(async (file) => {
      const path = join(clientDir, file)
      const body = await readFile(path)
      await Promise.all(PRECOMPRESSED.map(async ({ encoding, suffix }) => writeFile(`${path}${suffix}`, await compressBody(body, encoding))))
    }),
  )
}

/** The newest kept bundle whose inputs are as they were when Vite read them. */
function keptBundle(bundlesDir: string, matches: (inputs: CodeGraph) => string): { dir: string; record: BundleRecord } | undefined {
  for (const dir of bundlesByAge(bundlesDir)) {
    const record = readJsonFile<BundleRecord>(join(dir, 'bundle.json'))
    // None, a record an older build wrote (no list of inputs), or a file Vite read and since deleted.
    if (!record || !Array.isArray(record.inputs?.files) || !record.inputs.files.every((file) => existsSync(file))) continue
    if (matches(record.inputs) === record.inputsDigest) return { dir, record }
  }
  return undefined
}

function bundlesByAge(bundlesDir: string): string[] {
  if (!existsSync(bundlesDir)) return []
  return readdirSync(bundlesDir)
    .filter((name) => !name.endsWith('.tmp'))
    .map((name) => ({ path: join(bundlesDir, name), time: statSync(join(bundlesDir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time)
    .map(({ path }) => path)
}

interface BundleOptions {
  cacheDir: string
  distDir: string
  fresh: boolean
  quiet: boolean
  made: Promise<readonly CodeGraph[]>
  /** As soon as the server bundle can render pages, before the assets are compressed and cached. */
  onServerReady: () => void
  onBuilding: () => void
}

/** Puts the bundle into `distDir`: from the cache when what it was made from is unchanged, else from a new `vike build`. */
export async function prepareBundle(options: BundleOptions): Promise<Bundle> {
  const { cacheDir, distDir, fresh, quiet, made, onServerReady, onBuilding } = options
  const bundlesDir = join(cacheDir, 'bundles')
  const lock = readLockFile()
  const makers = await made
  const digestNow = (inputs: CodeGraph) => inputsDigest(inputs, makers, distDir, cacheDir, lock)
  const packagesDigest = (inputs: CodeGraph) => digest(...packageVersions(inputs.packages, lock))
  const kept = fresh ? undefined : keptBundle(bundlesDir, digestNow)
  if (kept) {
    for (const part of PARTS) {
      cpSync(join(kept.dir, part), join(distDir, part), { recursive: true })
      if (part === 'server') onServerReady()
    }
    // Touched, so the bundles in use are the newest and outlive older ones.
    const now = new Date()
    utimesSync(kept.dir, now, now)
    return { dir: kept.dir, digest: kept.record.digest, packages: packagesDigest(kept.record.inputs), built: false }
  }
  mkdirSync(bundlesDir, { recursive: true })
  const inputsFile = join(bundlesDir, `inputs.${process.pid}.tmp`)
  let inputs: CodeGraph
  try {
    onBuilding()
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
  for (const part of PARTS) cpSync(join(distDir, part), join(temporary, part), { recursive: true })
  // The bytes Vite wrote (and their compressed copies): the pages' keys cover them, and the folder is named by them.
  const bundleDigest = digestOfFiles(PARTS, temporary)
  const dir = join(bundlesDir, bundleDigest)
  writeFileSync(join(temporary, 'bundle.json'), JSON.stringify({ digest: bundleDigest, inputs, inputsDigest: digestNow(inputs) } satisfies BundleRecord))
  rmSync(dir, { recursive: true, force: true })
  renameSync(temporary, dir)
  for (const old of bundlesByAge(bundlesDir).slice(KEEP_BUNDLES)) rmSync(old, { recursive: true, force: true })
  return { dir, digest: bundleDigest, packages: packagesDigest(inputs), built: true }
}

/** What vike-build.mjs writes. */
type RecordedInputs = { ids: string[]; publicDir: string }

/** The files and packages a build read; a package's modules by its name, as its version is locked. */
function inputsGraph({ ids, publicDir }: RecordedInputs): CodeGraph {
  const files = new Set<string>()
  const packages = new Set<string>()
  const paths = [...ids, ...(publicDir ? filesUnder(publicDir).map((name) => join(publicDir, name)) : [])]
  for (const path of paths) {
    const id = path.split('?')[0]!.split(sep).join('/')
    // A package the server bundle leaves to Node keeps its bare name (`react-dom/server`); a virtual module has a `\0` or a `name:`.
    if (!isAbsolute(id) && !id.startsWith('\0') && !id.includes(':')) {
      const name = packageOf(id)
      if (name) packages.add(name)
    } else if (id.includes('/node_modules/')) packages.add(packageOf(id.slice(id.lastIndexOf('/node_modules/') + '/node_modules/'.length))!)
    else if (isAbsolute(id) && existsSync(id)) files.add(relative(process.cwd(), id).split(sep).join('/'))
  }
  return { files: [...files].sort(), packages: [...packages].sort() }
}
