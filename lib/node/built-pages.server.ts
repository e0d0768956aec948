import { createHash } from 'node:crypto'
import type { HeadFacts } from '../shared/seo/head'

/** What the sitemap and the CSP need to know about one prerendered HTML file; the build records it as it renders. */
export interface BuiltPage extends HeadFacts {
  /** Relative to the client folder, with forward slashes: `topics/x.html`. */
  file: string
  /** The URL path the file is served at: `/topics/x`; `null` for `404.html`. */
  path: string | null
  /** The CSP source (`sha256-…`) of every inline script the browser would run; JSON data blocks are not run. */
  inlineScriptHashes: string[]
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g

export function inlineScriptHashes(html: string): string[] {
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

/** The file a page is prerendered to, one file per page: `/` → `index.html`, `/blog` → `blog.html`, `/topics/x` → `topics/x.html`. */
export function htmlFileOfPath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`
}
