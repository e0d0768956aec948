import { readdirSync } from 'node:fs'
import { relative, sep } from 'node:path'

/**
 * The route of every page folder under `dir`, by Vike's filesystem routing (https://vike.dev/filesystem-routing):
 * the folder's path without its `index` and `(group)` segments; `_error` has none. The build asks the
 * bundle for its routes; this answers without one (`npm run check:content`, the tests), and
 * tests/unit/incremental-build.test.ts holds the two lists to each other.
 */
export function pageRoutes(dir = 'pages'): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.startsWith('+Page.'))
    .map((entry) => relative(dir, entry.parentPath).split(sep).filter(Boolean))
    .filter((segments) => segments[0] !== '_error')
    .map((segments) => `/${segments.filter((segment) => segment !== 'index' && !/^\(.*\)$/.test(segment)).join('/')}`)
    .sort()
}
