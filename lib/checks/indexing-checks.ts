// The checks of what search engines read of each built page: its title and description, one h1, its
// canonical URL, robots noindex where it belongs, and the sitemap listing every indexable page.
import { absoluteUrl } from '../universal/seo/url'
import { isIndexable, isNoindex, perPage, problemList, type CheckedPage, type Problem, type SiteCheckInput } from './checked-page'

const TITLE_MAX = 60
const DESCRIPTION_MAX = 160
/** Pages that must carry noindex (the 404 page, path null, too). */
const NOINDEX_PATHS: ReadonlySet<string> = new Set(['/score/confirmation', '/thank-you', '/r'])

function uniqueText(input: SiteCheckInput, what: string, max: number, read: (page: CheckedPage) => string[], fix: string): Problem[] {
  const { problems, add } = problemList()
  const firstUse = new Map<string, string>()
  for (const page of input.pages) {
    const values = read(page)
    if (values.length === 0 || !values[0]!.trim()) {
      add(page.file, `missing ${what}`, fix)
      continue
    }
    if (values.length > 1) add(page.file, `${values.length} ${what} tags`, `keep exactly one ${what}`)
    const value = values[0]!.trim()
    if (value.length > max) add(page.file, `${what} is ${value.length} characters: "${value}"`, `shorten it to ${max} characters or fewer`)
    const other = firstUse.get(value)
    if (other) add(page.file, `${what} "${value}" is also used by ${other}`, `give each page its own ${what}`)
    else firstUse.set(value, page.file)
  }
  return problems
}

/** 1. Exactly one non-empty <title> per page, at most 60 characters, used by no other page. */
export function checkTitles(input: SiteCheckInput): Problem[] {
  return uniqueText(
    input,
    'title',
    TITLE_MAX,
    (page) => page.doc.querySelectorAll('title').map((title) => title.text),
    "set the page's title (metaTitle or title in its content file)",
  )
}

/** 2. Exactly one meta description per page, at most 160 characters, used by no other page. */
export function checkDescriptions(input: SiteCheckInput): Problem[] {
  const read = (page: CheckedPage) => page.doc.querySelectorAll('meta[name="description"]').map((meta) => meta.getAttribute('content') ?? '')
  return uniqueText(input, 'meta description', DESCRIPTION_MAX, read, "set the page's description (metaDescription or description in its content file)")
}

/** 3. Exactly one <h1> per page. */
export function checkHeadings(input: SiteCheckInput): Problem[] {
  return perPage(input.pages, (page) => {
    const count = page.doc.querySelectorAll('h1').length
    return count === 1 ? undefined : [`${count} <h1> elements`, 'give the page exactly one h1; use h2 and below for sections']
  })
}

/** 4. A canonical link that is absolute, on SITE_URL and the page's own URL; none on the 404 page. */
export function checkCanonicals(input: SiteCheckInput): Problem[] {
  const origin = new URL(input.siteUrl).origin
  return perPage(input.pages, (page) => {
    const links = page.doc.querySelectorAll('link[rel="canonical"]')
    const href = links[0]?.getAttribute('href')
    if (page.path === null) return links.length === 0 ? undefined : ['the 404 page has a canonical link', 'remove it: a not-found page has no URL of its own']
    if (!href) return ['missing canonical link', "return a path from the page's +seo.ts"]
    if (links.length > 1) return [`${links.length} canonical links`, 'keep exactly one']
    if (!/^https?:\/\//.test(href)) return [`canonical "${href}" is relative`, 'make it absolute on SITE_URL (buildHead does this)']
    if (new URL(href).origin !== origin) return [`canonical "${href}" is not on ${origin}`, 'build with the right SITE_URL']
    const own = absoluteUrl(page.path, input.siteUrl)
    return href === own ? undefined : [`canonical "${href}" is not the page's own URL ${own}`, "point the canonical at the page's own path"]
  })
}

/** 5. noindex on exactly the confirmation, thank-you, referral-shell and 404 pages. */
export function checkRobots(input: SiteCheckInput): Problem[] {
  return perPage(input.pages, (page) => {
    const should = page.path === null || NOINDEX_PATHS.has(page.path)
    if (should === isNoindex(page)) return undefined
    return should
      ? ['missing robots noindex', "set noindex: true in the page's +seo.ts"]
      : ['noindex on a page that should be indexed', "remove noindex from the page's +seo.ts"]
  })
}

/** 6. The sitemap lists exactly the indexable pages, each once. */
export function checkSitemap(input: SiteCheckInput): Problem[] {
  if (!input.sitemapUrls) return [{ file: 'sitemap.xml', problem: 'missing', fix: 'run the full `npm run build`, which writes it' }]
  const expected = new Set(input.pages.filter(isIndexable).map((page) => absoluteUrl(page.path!, input.siteUrl)))
  const { problems, add } = problemList()
  const seen = new Set<string>()
  for (const url of input.sitemapUrls) {
    if (seen.has(url)) add('sitemap.xml', `${url} is listed twice`, 'list each page once')
    seen.add(url)
    if (!expected.has(url)) add('sitemap.xml', `${url} is not an indexable built page`, 'leave out noindex pages, the 404 page and URLs that were not built')
  }
  for (const url of expected) {
    if (!seen.has(url)) add('sitemap.xml', `${url} is missing`, 'rebuild: every indexable page belongs in the sitemap')
  }
  return problems
}
