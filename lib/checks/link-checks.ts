// The check that every internal link, asset and #anchor of the built pages leads to something the
// site serves.
import { SHELL_ROUTES, pathOfHtmlFile } from '../universal/routes'
import { absoluteUrl } from '../universal/seo/url'
import { problemList, srcsetUrls, type CheckedPage, type Problem, type SiteCheckInput } from './checked-page'

/** The page (or file) a same-site URL path lands on, or undefined if nothing is served there. */
function resolveTarget(path: string, input: SiteCheckInput, pagesByPath: Map<string, CheckedPage>): CheckedPage | 'file' | undefined {
  // The shell routes answer every path under them with one page, so links into them resolve.
  const shell = SHELL_ROUTES.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))
  if (shell) return pagesByPath.get(pathOfHtmlFile(shell.file) ?? '/')
  const page = pagesByPath.get(path)
  if (page) return page
  return input.files.has(path.slice(1)) ? 'file' : undefined
}

/** 7. Every internal link, asset (a picture's every width too) and #anchor resolves to something the site serves. */
export function checkLinks(input: SiteCheckInput): Problem[] {
  const origin = new URL(input.siteUrl).origin
  const pagesByPath = new Map(input.pages.filter((page) => page.path !== null).map((page) => [page.path!, page]))
  const { problems, add } = problemList()
  for (const page of input.pages) {
    // The 404 page is served at any unknown path; its relative links are read from the root.
    const base = absoluteUrl(page.path ?? '/', input.siteUrl)
    const references = [
      ...page.doc.querySelectorAll('a[href]').map((element) => ({ kind: 'link', value: element.getAttribute('href')! })),
      ...page.doc
        .querySelectorAll('link[href]')
        .filter((element) => element.getAttribute('rel') !== 'canonical')
        .map((element) => ({ kind: 'asset', value: element.getAttribute('href')! })),
      ...page.doc.querySelectorAll('script[src], img[src]').map((element) => ({ kind: 'asset', value: element.getAttribute('src')! })),
      ...page.doc
        .querySelectorAll('img[srcset], source[srcset]')
        .flatMap((element) => srcsetUrls(element.getAttribute('srcset')!).map((value) => ({ kind: 'asset', value }))),
    ]
    for (const { kind, value } of references) {
      if (/^(mailto|tel):/i.test(value)) continue
      let url: URL
      try {
        url = new URL(value, base)
      } catch {
        add(page.file, `${kind} "${value}" is not a valid URL`, 'fix the address')
        continue
      }
      if (url.origin !== origin) continue
      const target = value.startsWith('#') ? page : resolveTarget(url.pathname, input, pagesByPath)
      if (!target) {
        add(page.file, `${kind} "${value}" leads to ${url.pathname}, which is not built`, 'link to an existing page or add the missing one')
        continue
      }
      const anchor = decodeURIComponent(url.hash.slice(1))
      if (anchor && (target === 'file' || !target.doc.getElementById(anchor))) {
        add(page.file, `link "${value}" points to #${anchor}, which ${url.pathname} does not have`, `add id="${anchor}" to the target section or fix the link`)
      }
    }
  }
  return problems
}
