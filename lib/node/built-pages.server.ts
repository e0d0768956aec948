import { createHash } from 'node:crypto'
import type { CspHashes } from '../universal/routes'
import type { HeadFacts } from '../universal/seo/head'

/** What the sitemap and the CSP need to know about one prerendered HTML file; the build records it as it renders. */
export interface BuiltPage extends HeadFacts {
  /** `topics/x.html`. */
  file: string
  /** `/topics/x`; `null` for `404.html`. */
  path: string | null
  inlineHashes: CspHashes
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g

const sha256Source = (body: string) => `sha256-${createHash('sha256').update(body).digest('base64')}`

/** JSON data blocks are not run, so not hashed. */
export function inlineHashes(html: string): CspHashes {
  return {
    script: [...html.matchAll(INLINE_SCRIPT)]
      .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes ?? ''))
      .map(([, , body]) => sha256Source(body ?? '')),
    style: [...html.matchAll(INLINE_STYLE)].map(([, body]) => sha256Source(body ?? '')),
  }
}

const MODULE_SCRIPT = /<script (src="[^"]*" type="module" async)>/g
const MODULE_PRELOAD = /<link rel="modulepreload" /g

/** The page is whole without its module script and preloads (they only hydrate it): at high priority a slow phone waits for them. */
export function lowerScriptPriority(html: string): string {
  const lowered = html.replace(MODULE_SCRIPT, '<script $1 fetchpriority="low">').replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low" ')
  // Vike writes these tags; if it ever writes them another way, fail the build rather than ship a slower first paint.
  if (/<script [^>]*type="module"(?![^>]*fetchpriority)|<link rel="modulepreload"(?![^>]*fetchpriority)/.test(lowered))
    throw new Error('a module script or preload tag is not in the form lowerScriptPriority() knows')
  return lowered
}
