// The build's cache of rendered pages, by key, with what each page's head and topic say.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BuiltPage } from '../lib/node/built-pages.server'
import { markdownTwinPath } from '../lib/universal/alternates'
import { fileOfPath, pathOfHtmlFile } from '../lib/universal/routes'
import type { TopicFacts } from './protocol'

/**
 * What the manifest keeps of a page: its head's facts and, for a topic page, what lists of topics show
 * of it, its file's site links, and that it has a markdown twin; or, for a topic left out (a draft, or
 * scheduled), that topic's facts alone.
 */
type Facts = (Omit<BuiltPage, 'file' | 'path'> & { topic?: TopicFacts; twin?: true }) | { leftOut: TopicFacts }

/**
 * A page from the cache: the page, the facts of the topic it shows if it is a topic page, and its
 * markdown twin's file (relative to the client folder: `topics/x.md`) if it has one; or a topic left
 * out, which has no page.
 */
export type CachedPage = { page: BuiltPage; topic?: TopicFacts; twin?: string } | { leftOut: TopicFacts }

/**
 * Rendered pages by key: `<dir>/<key>.html` holds the HTML, `<dir>/<key>.md` a topic page's markdown
 * twin, `<dir>/<key>.form-page.json` the home page's form page (render-worker.ts), `<dir>/pages.json`
 * what each page's head says. After a build only the pages it used are kept.
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

  twinFile(key: string): string {
    return join(this.dir, `${key}.md`)
  }

  /**
   * The page rendered under `key` before, or the topic left out under it, if the cache has it. A topic's
   * key is its file's digest, which holds its `draft` and `date` but not the build's date: the outcome
   * kept is reused only while `published` (the build's date against the topic's) still gives it, so a
   * scheduled topic gets its page on the first build on or after its date, as a fresh build would.
   */
  lookup(key: string, file: string, published: (topic: TopicFacts) => boolean = () => true): CachedPage | undefined {
    const facts = this.known.get(key)
    if (!facts) return undefined
    if ('leftOut' in facts) {
      if (published(facts.leftOut)) return undefined
      this.used.set(key, facts)
      return { leftOut: facts.leftOut }
    }
    if ((facts.topic && !published(facts.topic)) || !existsSync(this.htmlFile(key))) return undefined
    if (facts.twin && !existsSync(this.twinFile(key))) return undefined
    this.used.set(key, facts)
    const { topic, twin, ...head } = facts
    const path = pathOfHtmlFile(file)
    return { page: { file, path, ...head }, topic, twin: twin && path !== null ? fileOfPath(markdownTwinPath(path)) : undefined }
  }

  store(key: string, { file: _file, path: _path, ...facts }: BuiltPage, topic?: TopicFacts, twin?: string): void {
    this.used.set(key, { ...facts, ...(topic ? { topic } : {}), ...(twin ? { twin: true as const } : {}) })
  }

  /** Keeps what a topic this build left out is, under its key: the next build with the same file and the same outcome needs no worker for it. */
  storeLeftOut(key: string, topic: TopicFacts): void {
    this.used.set(key, { leftOut: topic })
  }

  /** Writes the manifest of the pages this build used and deletes every other cached page (a topic's page too, once it is left out). */
  save(): void {
    const manifest = join(this.dir, 'pages.json')
    writeFileSync(`${manifest}.tmp`, JSON.stringify(Object.fromEntries(this.used)))
    renameSync(`${manifest}.tmp`, manifest)
    for (const name of readdirSync(this.dir)) {
      const key = name.replace(/\.(html|md|form-page\.json)$/, '')
      const facts = this.used.get(key)
      if (key !== name && (!facts || 'leftOut' in facts)) unlinkSync(join(this.dir, name))
    }
  }
}
