import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { parse } from 'node-html-parser'

/** What the sitemap and the site checks need to know about one prerendered HTML file. */
export interface BuiltPage {
  /** Relative to the client folder, with forward slashes: `topics/x.html`. */
  file: string
  /** The URL path the file is served at: `/topics/x`; `null` for `404.html`. */
  path: string | null
  canonical: string | undefined
  noindex: boolean
  /** `article:modified_time`, else `article:published_time`, where the page has one. */
  lastmod: string | undefined
  /** The CSP source (`sha256-…`) of every inline script the browser would run; JSON data blocks are not run. */
  inlineScriptHashes: string[]
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes ?? ''))
    .map(([, , body]) => `sha256-${createHash('sha256').update(body ?? '').digest('base64')}`)
}

/** `index.html` → `/`, `blog.html` → `/blog`, `topics/x.html` → `/topics/x`, `404.html` → null. */
export function pathOfHtmlFile(file: string): string | null {
  if (file === 'index.html') return '/'
  if (file === '404.html') return null
  return `/${file.slice(0, -'.html'.length)}`
}

export function describeHtml(file: string, html: string): BuiltPage {
  // Only <head> matters here; parsing just it keeps a 10,000-page scan quick.
  const head = parse(html.slice(0, html.indexOf('</head>') + 7))
  const content = (selector: string) => head.querySelector(selector)?.getAttribute('content') ?? undefined
  return {
    file,
    path: pathOfHtmlFile(file),
    canonical: head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
    noindex: /\bnoindex\b/i.test(content('meta[name="robots"]') ?? ''),
    lastmod: content('meta[property="article:modified_time"]') ?? content('meta[property="article:published_time"]'),
    inlineScriptHashes: inlineScriptHashes(html),
  }
}

/** Every .html file under `clientDir`, sorted by file name. */
function htmlFiles(clientDir: string): string[] {
  return (readdirSync(clientDir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.split(sep).join('/'))
    .sort()
}

export function readBuiltPages(clientDir: string): BuiltPage[] {
  return htmlFiles(clientDir).map((file) => describeHtml(file, readFileSync(join(clientDir, file), 'utf8')))
}

