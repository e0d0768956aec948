// The build's cache of rendered pages, by key, with what each page's head and topic say.
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'
import type { BuiltPage } from '../lib/node/built-pages.server'
import { markdownTwinPath } from '../lib/universal/alternates'
import { FORM_PAGE_FILE } from '../lib/universal/form-page'
import { fileOfPath, pathOfHtmlFile } from '../lib/universal/routes'
import { writeWhole } from './cache'
import type { TopicFacts } from './protocol'

/** What the manifest keeps of a page, or of a left-out topic. */
type Facts = (Omit<BuiltPage, 'file' | 'path'> & { topic?: TopicFacts; twin?: true }) | { leftOut: TopicFacts }

/** A page from the cache, with its topic's facts and twin's file if any; or a topic left out. */
type CachedPage = { page: BuiltPage; topic?: TopicFacts; twin?: string } | { leftOut: TopicFacts }

/** Rendered pages by key (`<key>.html`, `.md`, `.form-page.json`) and `pages.json`; after a build only the pages it used are kept. */
export class PageCache {
  private readonly known: Map<string, Facts>
  private readonly used = new Map<string, Facts>()
  /** One listing, not a check of the disk for each page. */
  private readonly present: ReadonlySet<string>
  /** No page can be reused: a first build, or `--fresh`. */
  readonly empty: boolean

  constructor(
    readonly dir: string,
    fresh: boolean,
  ) {
    mkdirSync(dir, { recursive: true })
    const manifest = join(dir, 'pages.json')
    this.known = new Map(!fresh && existsSync(manifest) ? (Object.entries(JSON.parse(readFileSync(manifest, 'utf8'))) as Array<[string, Facts]>) : [])
    this.present = new Set(this.known.size > 0 ? readdirSync(dir) : [])
    this.empty = this.known.size === 0
  }

  readonly htmlFile = (key: string) => join(this.dir, `${key}.html`)
  readonly twinFile = (key: string) => join(this.dir, `${key}.md`)

  /** The page a refused form post gets, cached beside the page with the free-score form; undefined beside any other. */
  cachedFormPage(key: string): string | undefined {
    return this.present.has(`${key}.${FORM_PAGE_FILE}`) ? join(this.dir, `${key}.${FORM_PAGE_FILE}`) : undefined
  }

  /** A topic's key does not cover the build's date: its outcome is reused only while `published` still gives it. */
  lookup(key: string, file: string, published: (topic: TopicFacts) => boolean): CachedPage | undefined {
    const facts = this.known.get(key)
    if (!facts) return undefined
    if ('leftOut' in facts) {
      if (published(facts.leftOut)) return undefined
      this.used.set(key, facts)
      return { leftOut: facts.leftOut }
    }
    if ((facts.topic && !published(facts.topic)) || !this.present.has(`${key}.html`)) return undefined
    if (facts.twin && !this.present.has(`${key}.md`)) return undefined
    this.used.set(key, facts)
    const { topic, twin, ...head } = facts
    const path = pathOfHtmlFile(file)
    return { page: { file, path, ...head }, topic, twin: twin && path !== null ? fileOfPath(markdownTwinPath(path)) : undefined }
  }

  store(key: string, { file: _file, path: _path, ...facts }: BuiltPage, topic?: TopicFacts, twin?: string): void {
    this.used.set(key, { ...facts, ...(topic ? { topic } : {}), ...(twin ? { twin: true as const } : {}) })
  }

  /** The next build with the same outcome needs no worker for it. */
  storeLeftOut(key: string, topic: TopicFacts): void {
    this.used.set(key, { leftOut: topic })
  }

  save(): void {
    writeWhole(join(this.dir, 'pages.json'), JSON.stringify(Object.fromEntries(this.used)))
    for (const name of readdirSync(this.dir)) {
      const key = name.replace(/\.(html|md|form-page\.json)$/, '')
      const facts = this.used.get(key)
      if (key !== name && (!facts || 'leftOut' in facts)) unlinkSync(join(this.dir, name))
    }
  }
}
