// The build's output folder. The last one is deleted on a thread of its own, but for its folders of files
// linked from the cache, carried over: at 10,000 topics, tens of thousands of links and deletions fewer.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join, sep } from 'node:path'
import { Worker } from 'node:worker_threads'
import { linkOrCopy, replaceWithLink, writeWhole } from './cache'

/** Folders of files linked from the cache only. */
const CARRIED = ['topics', 'assets/cards', 'pagefind']
/** In the cache, so another cache's output is never taken for this one's: the output folder's identity, then each carried file and its source. */
const RECORD = 'output.tsv'

const forwardSlashes = (path: string) => (sep === '/' ? path : path.split(sep).join('/'))

/** The folder itself, not its name: a record names only the folder its build wrote, whatever was built at that path since. */
function folderIdentity(path: string): string | undefined {
  const stats = statSync(path, { bigint: true, throwIfNoEntry: false })
  return stats && `${stats.dev}:${stats.ino}:${stats.birthtimeNs}`
}

function moveCarried(fromDir: string, toDir: string): void {
  for (const folder of CARRIED) {
    if (!existsSync(join(fromDir, folder))) continue
    mkdirSync(dirname(join(toDir, folder)), { recursive: true })
    renameSync(join(fromDir, folder), join(toDir, folder))
  }
}

export type Placer = Pick<Output, 'place'>
/** Outside a build: a link, or a copy across file systems. */
export const JUST_LINK: Placer = { place: linkOrCopy }

export class Output {
  /** The last build's record: each carried file's source. */
  private readonly previous = new Map<string, string>()
  private readonly linked = new Map<string, string>()
  /** Where the carried folders wait until the bundle is in place. */
  private readonly holding: string | undefined
  private readonly clientDir: string
  private readonly clientPrefix: string
  private readonly cachePrefix: string
  private readonly recordFile: string
  readonly counts = { kept: 0, replaced: 0, removed: 0 }
  readonly carried: boolean
  /** Settles once the last build's output (but what is carried) and the leftovers of interrupted builds are deleted. */
  readonly removed: Promise<void>

  /** `carry`: false for `--fresh`. An interrupted build records nothing, so its output is never carried. */
  constructor(
    private readonly distDir: string,
    private readonly cacheDir: string,
    carry: boolean,
  ) {
    this.clientDir = join(distDir, 'client')
    this.clientPrefix = `${this.clientDir}${sep}`
    this.cachePrefix = `${join(cacheDir)}${sep}`
    this.recordFile = join(cacheDir, RECORD)
    const parent = dirname(distDir)
    const leftovers = existsSync(parent) ? readdirSync(parent).filter((name) => name.startsWith(`${basename(distDir)}.old-`)) : []
    const paths = leftovers.map((name) => join(parent, name))
    const identity = folderIdentity(distDir)
    if (identity) {
      const old = `${distDir}.old-${process.pid}`
      renameSync(distDir, old)
      paths.push(old)
      const [recorded, ...files] = carry && existsSync(this.recordFile) ? readFileSync(this.recordFile, 'utf8').split('\n') : []
      if (recorded === identity) {
        // Named like a leftover, so that a build interrupted before bringing it back deletes it.
        this.holding = `${old}-carried`
        moveCarried(join(old, 'client'), this.holding)
        for (const line of files) {
          const tab = line.indexOf('\t')
          if (tab > 0) this.previous.set(line.slice(0, tab), line.slice(tab + 1))
        }
      }
    }
    this.removed = removeOnThread(paths)
    this.carried = this.holding !== undefined
  }

  get files(): number {
    return this.linked.size
  }

  /** Moves the carried folders into the client folder, once the bundle is there (a new `vike build` empties it). */
  bringBack(): void {
    if (!this.holding) return
    moveCarried(this.holding, this.clientDir)
    rmSync(this.holding, { recursive: true, force: true })
  }

  /** Puts the cache file `from` at `to`: a carried file linked from it (or from one of the same `identity`) stays. */
  place(from: string, to: string, identity?: string): void {
    const file = this.inClient(to)
    if (file === undefined) return linkOrCopy(from, to)
    const source = identity ?? this.inCache(from)
    this.linked.set(file, source)
    const before = this.previous.get(file)
    if (before === source) {
      this.counts.kept++
      return
    }
    if (before !== undefined) {
      this.counts.replaced++
      return replaceWithLink(from, to)
    }
    try {
      linkOrCopy(from, to)
    } catch (error) {
      // A file the record does not name: not one a build linked, so it is replaced.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      replaceWithLink(from, to)
    }
  }

  written(from: string, to: string): void {
    const file = this.inClient(to)
    if (file === undefined) return
    this.linked.set(file, this.inCache(from))
    if (this.previous.has(file)) this.counts.replaced++
  }

  /** Deletes the carried files this build did not link and records the rest; the record is trusted, not the disk (a fifth of a second at 10,000 topics). */
  finish(): void {
    for (const file of this.previous.keys()) {
      if (this.linked.has(file)) continue
      rmSync(join(this.clientDir, file), { force: true })
      this.counts.removed++
    }
    const lines = [...this.linked].map(([file, source]) => `${file}\t${source}\n`)
    writeWhole(this.recordFile, `${folderIdentity(this.distDir)}\n${lines.join('')}`)
  }

  /** Every file of the client folder, sorted: the carried ones as linked (listing them took a quarter of a second). */
  clientFiles(): string[] {
    const files = [...this.linked.keys()]
    const list = (dir: string, prefix: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = `${prefix}${entry.name}`
        if (entry.isDirectory() && !CARRIED.includes(file)) list(join(dir, entry.name), `${file}/`)
        else if (entry.isFile()) files.push(file)
      }
    }
    list(this.clientDir, '')
    return files.sort()
  }

  /** `path` in the client folder, if in a carried folder; by prefix, as `path.relative` cost a tenth of a second. */
  private inClient(path: string): string | undefined {
    if (!path.startsWith(this.clientPrefix)) return undefined
    const file = forwardSlashes(path.slice(this.clientPrefix.length))
    return CARRIED.some((folder) => file.startsWith(`${folder}/`)) ? file : undefined
  }

  private inCache(path: string): string {
    if (!path.startsWith(this.cachePrefix)) throw new Error(`${path} is not in the build cache ${this.cacheDir}`)
    return forwardSlashes(path.slice(this.cachePrefix.length))
  }
}

/** Deletes `paths` on a thread of their own (tens of thousands of files at scale): settles once they are gone. */
function removeOnThread(paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return Promise.resolve()
  // The thread loads no loader (execArgv: []) and imports only node:fs, which either module system allows.
  const remover = new Worker(
    "Promise.all([import('node:fs'), import('node:worker_threads')]).then(([fs, { workerData }]) => { for (const path of workerData) fs.rmSync(path, { recursive: true, force: true }) })",
    { eval: true, execArgv: [], workerData: paths },
  )
  return new Promise((resolve, reject) => {
    remover.on('error', reject)
    remover.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`deleting the last build's output: the thread exited with ${code}`))))
  })
}
