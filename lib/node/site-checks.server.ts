import type { Redirect } from '../universal/routes'
import { siteTargets, type FileLinks } from './content-links.server'
import { linkProblemsWith, type LeftOut } from './publication.server'
import { answererOf, redirectsOf, type RedirectingPage } from './redirects.server'

// The checks made once every page is known, by the build (scripts/build.ts, from the pages it writes)
// and by checkContent (from the content and the routes): each link of the content leads to a page or a
// file, and each old URL (redirectFrom) to a page, with nothing else answering it.

/** The pages that are known, and what the content says of them. */
export interface KnownPages {
  /** Every page's URL. */
  paths: readonly string[]
  /** The pages made from a content file, with the old URLs each names. */
  redirecting: readonly RedirectingPage[]
  /** The articles and topics left out, with why. */
  leftOut: readonly LeftOut[]
  /** The site links of each content file (left out ones too). */
  links: readonly FileLinks[]
}

/** The problems of one file, in the words ContentError lists. */
export interface FileProblems {
  file: string
  problems: string[]
}

/**
 * The redirects of the pages, sorted by old URL, and every problem of their links and old URLs, each
 * with its file: the links' (file by file, as given), then the old URLs'.
 */
export function checkLinksAndRedirects({ paths, redirecting, leftOut, links }: KnownPages): { redirects: Redirect[]; problems: FileProblems[] } {
  const pageFiles = new Map<string, string | undefined>(paths.map((path) => [path, undefined]))
  for (const { path, file } of redirecting) pageFiles.set(path, file)
  const { redirects, problems: redirectProblems } = redirectsOf(redirecting, leftOut, answererOf(pageFiles))
  const linkProblems = linkProblemsWith(siteTargets(paths), leftOut, redirects)
  return {
    redirects,
    problems: [
      ...links.map((fileLinks) => ({ file: fileLinks.file, problems: linkProblems(fileLinks) })),
      // Each names its file first: `content/topics/x.md: redirectFrom[0]: …`.
      ...redirectProblems.map((problem) => ({ file: problem.slice(0, problem.indexOf(': ')), problems: [problem] })),
    ],
  }
}
