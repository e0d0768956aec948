import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { compressBody } from '../../lib/node/compression.server'
import { digest, digestOfFiles, filesUnder } from './cache'

// The code half of the build: `vike build` bundles the pages for the browser (dist/client/assets) and
// for the prerender (a server bundle), once per version of the code. Each bundle is kept in the
// cache under the digest of everything it is made from, so a content-only rebuild never runs Vite.

/** What the bundles are made from (and how their files are precompressed): any change here makes a new bundle. */
const SOURCES = ['pages', 'renderer', 'components', 'lib', 'public', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json']
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
  /** Digest of every file of the bundle: what the pages are rendered with. */
  digest: string
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

/** The digest of the bundle's sources, and of the environment Vite reads while bundling. */
function sourceDigest(distDir: string): string {
  const viteEnv = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_') || name.startsWith('PUBLIC_ENV__'))
    .sort(([a], [b]) => (a < b ? -1 : 1))
  return digest(digestOfFiles(SOURCES), distDir, JSON.stringify(viteEnv), process.version)
}

/**
 * Runs `vike build`. Quiet, its report of every file it wrote (some 60 lines) is kept, and printed only
 * when it fails, beside its errors; its warnings and errors (stderr) are printed as they come.
 */
function runVikeBuild(quiet: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/vike/bin.js', 'build'], { stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'inherit'] })
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

function removeOldBundles(bundlesDir: string): void {
  const bundles = readdirSync(bundlesDir)
    .filter((name) => !name.endsWith('.tmp'))
    .map((name) => ({ path: join(bundlesDir, name), time: statSync(join(bundlesDir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time)
  for (const old of bundles.slice(KEEP_BUNDLES)) rmSync(old.path, { recursive: true, force: true })
}

/**
 * Puts the bundle into `distDir` (`client/`, `server/`, `assets.json`) and returns it: from the cache when
 * its sources are unchanged (and not `fresh`), else from a new `vike build`, which is then cached.
 */
export async function prepareBundle({
  cacheDir,
  distDir,
  fresh,
  quiet,
  onServerReady = () => {},
}: {
  cacheDir: string
  distDir: string
  fresh: boolean
  quiet: boolean
  /** Called as soon as the server bundle can render pages, before the assets are compressed and cached. */
  onServerReady?: () => void
}): Promise<Bundle> {
  const bundlesDir = join(cacheDir, 'bundles')
  const dir = join(bundlesDir, sourceDigest(distDir))
  const manifest = join(dir, 'bundle.json')
  let built = false
  if (fresh || !existsSync(manifest)) {
    await runVikeBuild(quiet)
    onServerReady()
    await precompress(join(distDir, 'client'))
    const temporary = `${dir}.${process.pid}.tmp`
    rmSync(temporary, { recursive: true, force: true })
    mkdirSync(temporary, { recursive: true })
    cpSync(join(distDir, 'server'), join(temporary, 'server'), { recursive: true })
    cpSync(join(distDir, 'client'), join(temporary, 'client'), { recursive: true })
    cpSync(join(distDir, 'assets.json'), join(temporary, 'assets.json'))
    writeFileSync(join(temporary, 'bundle.json'), JSON.stringify({ digest: digestOfFiles(['server', 'client', 'assets.json'], temporary) }))
    rmSync(dir, { recursive: true, force: true })
    renameSync(temporary, dir)
    removeOldBundles(bundlesDir)
    built = true
  } else {
    for (const part of ['server', 'client', 'assets.json']) {
      cpSync(join(dir, part), join(distDir, part), { recursive: true })
      if (part === 'server') onServerReady()
    }
    // Touched, so the bundles in use are the newest and outlive older ones.
    const now = new Date()
    utimesSync(dir, now, now)
  }
  const { digest: bundleDigest } = JSON.parse(readFileSync(manifest, 'utf8')) as { digest: string }
  return { dir, digest: bundleDigest, built }
}
