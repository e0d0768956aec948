// What each check of `npm run check:site` reads (every page parsed once, the files, the sitemap) and returns: problems with their file and fix.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, type HTMLElement } from 'node-html-parser'
import { pathOfHtmlFile } from '../universal/routes'

export type Problem = { file: string; problem: string; fix: string }

export interface CheckedPage {
  /** Relative to the client folder: `topics/x.html`. */
  file: string
  /** The URL path the file is served at; null for `404.html`. */
  path: string | null
  html: string
  doc: HTMLElement
}

export interface SiteCheckInput {
  pages: CheckedPage[]
  siteUrl: string
  /** Every file in the client folder, relative, with forward slashes. */
  files: ReadonlySet<string>
  /** The URLs listed by sitemap.xml (through its index, if it is one); undefined when there is none. */
  sitemapUrls: string[] | undefined
}

export function checkedPage(file: string, html: string): CheckedPage {
  return { file, path: pathOfHtmlFile(file), html, doc: parse(html) }
}

export function problemList() {
  const problems: Problem[] = []
  return { problems, add: (file: string, problem: string, fix: string) => void problems.push({ file, problem, fix }) }
}

/** Checks that find at most one problem a page: `find` gives its text and fix, or nothing. */
export function perPage(pages: CheckedPage[], find: (page: CheckedPage) => [problem: string, fix: string] | undefined): Problem[] {
  return pages.flatMap((page) => {
    const found = find(page)
    return found ? [{ file: page.file, problem: found[0], fix: found[1] }] : []
  })
}

export function isNoindex(page: CheckedPage): boolean {
  return /\bnoindex\b/i.test(page.doc.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '')
}

export const isIndexable = (page: CheckedPage) => page.path !== null && !isNoindex(page)

/** The URLs of a `srcset`: `/a-480.avif 480w, /a-800.avif 800w` → `/a-480.avif`, `/a-800.avif`. */
export function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0]!)
    .filter(Boolean)
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export const readText = (dir: string, file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : undefined)

/** The URLs of sitemap.xml, following a sitemap index to its files. */
export function readSitemapUrls(dir: string): string[] | undefined {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)
  const root = readText(dir, 'sitemap.xml')
  if (root === undefined) return undefined
  if (!root.includes('<sitemapindex')) return locs(root)
  return locs(root).flatMap((url) => locs(readText(dir, new URL(url).pathname.slice(1)) ?? ''))
}
