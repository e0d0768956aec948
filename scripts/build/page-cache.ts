import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BuiltPage } from '../../lib/node/built-pages.server'
import { pathOfHtmlFile } from '../../lib/universal/routes'
import type { TopicFacts } from './protocol'

/** What the manifest keeps of a page: its head's facts and, for a topic page, what lists of topics show of it and its file's site links. */
type Facts = Omit<BuiltPage, 'file' | 'path'> & { topic?: TopicFacts }

/** A page from the cache: the page, and the facts of the topic it shows if it is a topic page. */
export interface CachedPage {
  page: BuiltPage
  topic?: TopicFacts
}

/**
 * Rendered pages by key: `<dir>/<key>.html` holds the HTML, `<dir>/pages.json` what each page's head
 * says. After a build only the pages it used are kept.
 */
export class PageCache {
  private readonly known: Map<string, Facts>
  private readonly used = new Map<string, Facts>()

  constructor(
    readonly dir: string,
    fresh: boolean,
  ) {
    mkdirSync(dir, { recursive: true })
    const manifest = join(dir, 'pages.json')
    this.known = new Map(!fresh && existsSync(manifest) ? (Object.entries(JSON.parse(readFileSync(manifest, 'utf8'))) as Array<[string, Facts]>) : [])
  }

  /** True when no page can be reused: a first build, or `--fresh`. */
  get empty(): boolean {
    return this.known.size === 0
  }

  htmlFile(key: string): string {
    return join(this.dir, `${key}.html`)
  }

  /** The page rendered under `key` before, if the cache has it. */
  lookup(key: string, file: string): CachedPage | undefined {
    const facts = this.known.get(key)
    if (!facts || !existsSync(this.htmlFile(key))) return undefined
    this.used.set(key, facts)
    const { topic, ...head } = facts
    return { page: { file, path: pathOfHtmlFile(file), ...head }, topic }
  }

  store(key: string, { file: _file, path: _path, ...facts }: BuiltPage, topic?: TopicFacts): void {
    this.used.set(key, topic ? { ...facts, topic } : facts)
  }

  /** Writes the manifest of the pages this build used and deletes every other cached page. */
  save(): void {
    const manifest = join(this.dir, 'pages.json')
    writeFileSync(`${manifest}.tmp`, JSON.stringify(Object.fromEntries(this.used)))
    renameSync(`${manifest}.tmp`, manifest)
    for (const name of readdirSync(this.dir)) {
      if (name.endsWith('.html') && !this.used.has(name.slice(0, -'.html'.length))) unlinkSync(join(this.dir, name))
    }
  }
}
