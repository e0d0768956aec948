// An old URL must lead to a page this build writes, and nothing else may answer it, or one host would answer it and another redirect.
import { formatPath } from '../universal/content/format-path'
import { API_PREFIX, ASSETS_PREFIX, CSP_HASHES_FILE, HEALTH_PATH, HOST_RULE_FILES, NOT_FOUND_PATHS, SHELL_ROUTES, type Redirect } from '../universal/routes'
import { publicPaths, siteTargets, type FileLinks } from './content-links.server'
import { linkProblemsWith, reasonOf, type LeftOut } from './publication.server'

export interface RedirectingPage {
  file: string
  /** `/blog/new-slug`. */
  path: string
  redirectFrom?: readonly string[]
}

/** Besides the pages and sitemap.xml (which may become an index of sitemap-1.xml, …). */
const BUILD_FILES = [CSP_HASHES_FILE, ...HOST_RULE_FILES, 'robots.txt']

/** What already answers `path` on this site, in words, or undefined. */
export function answererOf(pages: ReadonlyMap<string, string | undefined>, publicDir = 'public'): (path: string) => string | undefined {
  const publicFiles = new Set(publicPaths(publicDir))
  return (path) => {
    if (pages.has(path)) {
      const file = pages.get(path)
      return file === undefined ? `the page ${path}` : `the page of ${file}`
    }
    if (publicFiles.has(path)) return `the file public${path}`
    const shell = SHELL_ROUTES.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))
    if (shell) return `${shell.prefix} and every path under it (${shell.why.replace(/\.$/, '')})`
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return `the API (${API_PREFIX}/*)`
    if (path === HEALTH_PATH) return 'the health check'
    if (path.startsWith(ASSETS_PREFIX)) return `the build's assets (${ASSETS_PREFIX}*)`
    if (NOT_FOUND_PATHS.includes(path)) return 'the 404 page'
    if (BUILD_FILES.includes(path.slice(1)) || /^\/sitemap(?:-\d+)?\.xml$/.test(path)) return `the file the build writes at ${path}`
    return undefined
  }
}

/** Sorted by old URL, so an incremental build writes the bytes a fresh one does. */
export function redirectsOf(
  pages: readonly RedirectingPage[],
  leftOut: readonly LeftOut[],
  answerer: (path: string) => string | undefined,
): { redirects: Redirect[]; problems: string[] } {
  const problems: string[] = []
  const claimed = new Map<string, RedirectingPage>()
  for (const page of [...pages].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    page.redirectFrom?.forEach((from, index) => {
      const field = `${page.file}: ${formatPath(['redirectFrom', index])}: ${from}`
      const earlier = claimed.get(from)
      const answered = answerer(from)
      if (from === page.path) problems.push(`${field} is this page's own URL; list only the URLs it had before`)
      else if (earlier === page) problems.push(`${field} is listed twice; keep one`)
      else if (earlier) problems.push(`${field} already leads to ${earlier.path} (${earlier.file}); an old URL can lead to one page only`)
      else if (answered) problems.push(`${field} is ${answered}, which a redirect would hide; remove it from redirectFrom, or remove that first`)
      else claimed.set(from, page)
    })
  }
  for (const entry of leftOut) {
    if (entry.redirectFrom && entry.redirectFrom.length > 0) {
      problems.push(
        `${entry.file}: redirectFrom: this page is left out of this build (${reasonOf(entry)}), so ${entry.redirectFrom.join(', ')} would lead nowhere; add redirectFrom when the page is published`,
      )
    }
  }
  const redirects = [...claimed].map(([from, page]) => ({ from, to: page.path })).sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
  // Each file's in the order found.
  return { redirects, problems: problems.sort((a, b) => (fileOf(a) < fileOf(b) ? -1 : fileOf(a) > fileOf(b) ? 1 : 0)) }
}

/** Each problem names its file first: `content/topics/x.md: redirectFrom[0]: …`. */
const fileOf = (problem: string) => problem.slice(0, problem.indexOf(': '))

/** Cloudflare Pages' static redirects in `_redirects` (100 with a placeholder); Vercel's routes per deployment, headers and rewrites included. */
export const STATIC_REDIRECT_LIMITS = { cloudflare: 2000, vercelRoutes: 2048 } as const

/** The line the build prints when the redirects are more than a static host applies, or undefined. */
export function redirectLimitWarning(count: number): string | undefined {
  if (count <= STATIC_REDIRECT_LIMITS.cloudflare) return undefined
  return (
    `${count.toLocaleString('en-US')} old URLs (redirectFrom): more than the ${STATIC_REDIRECT_LIMITS.cloudflare.toLocaleString('en-US')} static redirects Cloudflare Pages applies ` +
    `(Vercel: ${STATIC_REDIRECT_LIMITS.vercelRoutes.toLocaleString('en-US')} routes). The Node server and Netlify answer them all; on Cloudflare or Vercel, ` +
    `load redirects.json into their bulk redirects, or remove old URLs no one visits`
  )
}

interface KnownPages {
  paths: readonly string[]
  redirecting: readonly RedirectingPage[]
  leftOut: readonly LeftOut[]
  links: readonly FileLinks[]
}

export type FileProblems = { file: string; problems: string[] }

/** The problems of the links, then of the old URLs. */
export function checkLinksAndRedirects({ paths, redirecting, leftOut, links }: KnownPages): { redirects: Redirect[]; problems: FileProblems[] } {
  const pageFiles = new Map<string, string | undefined>(paths.map((path) => [path, undefined]))
  for (const { path, file } of redirecting) pageFiles.set(path, file)
  const { redirects, problems: redirectProblems } = redirectsOf(redirecting, leftOut, answererOf(pageFiles))
  const linkProblems = linkProblemsWith(siteTargets(paths), leftOut, redirects)
  return {
    redirects,
    problems: [
      ...links.map((fileLinks) => ({ file: fileLinks.file, problems: linkProblems(fileLinks) })),
      ...redirectProblems.map((problem) => ({ file: fileOf(problem), problems: [problem] })),
    ],
  }
}
