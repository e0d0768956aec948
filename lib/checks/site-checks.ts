// The checks `npm run check:site` runs over the built HTML.
import { HtmlValidate } from 'html-validate'
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from '../universal/content/schemas'
import { SHELL_ROUTES, pathOfHtmlFile } from '../universal/routes'
import { absoluteUrl } from '../universal/seo/url'
import { isIndexable, isNoindex, perPage, problemList, srcsetUrls, type CheckedPage, type Problem, type SiteCheckInput } from './checked-page'

function uniqueText(input: SiteCheckInput, what: string, max: number, read: (page: CheckedPage) => string[], fix: string): Problem[] {
  const { problems, add } = problemList()
  const firstUse = new Map<string, string>()
  for (const page of input.pages) {
    const values = read(page)
    const value = values[0]?.trim() ?? ''
    if (!value) {
      add(page.file, `missing ${what}`, fix)
      continue
    }
    if (values.length > 1) add(page.file, `${values.length} ${what} tags`, `keep exactly one ${what}`)
    if (value.length > max) add(page.file, `${what} is ${value.length} characters: "${value}"`, `shorten it to ${max} characters or fewer`)
    const other = firstUse.get(value)
    if (other) add(page.file, `${what} "${value}" is also used by ${other}`, `give each page its own ${what}`)
    else firstUse.set(value, page.file)
  }
  return problems
}

/** 1. Exactly one non-empty <title> per page, at most META_TITLE_MAX characters, used by no other page. */
export function checkTitles(input: SiteCheckInput): Problem[] {
  const read = (page: CheckedPage) => page.doc.querySelectorAll('title').map((title) => title.text)
  return uniqueText(input, 'title', META_TITLE_MAX, read, "set the page's title (metaTitle or title in its content file)")
}

/** 2. Exactly one meta description per page, at most META_DESCRIPTION_MAX characters, used by no other page. */
export function checkDescriptions(input: SiteCheckInput): Problem[] {
  const read = (page: CheckedPage) => page.doc.querySelectorAll('meta[name="description"]').map((meta) => meta.getAttribute('content') ?? '')
  return uniqueText(input, 'meta description', META_DESCRIPTION_MAX, read, "set the page's description (metaDescription or description in its content file)")
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

/** 5. noindex on the 404 page; other pages' is their +config.ts's (`noindex: true`), and check 6 keeps them out of the sitemap. */
export function checkRobots(input: SiteCheckInput): Problem[] {
  return perPage(input.pages, (page) =>
    page.path !== null || isNoindex(page) ? undefined : ['missing robots noindex', 'keep noindex: true in pages/_error/+config.ts'],
  )
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

/** 8. Every <img> has alt text (empty is allowed for decoration), width and height. */
export function checkImages(input: SiteCheckInput): Problem[] {
  const { problems, add } = problemList()
  for (const page of input.pages)
    for (const img of page.doc.querySelectorAll('img')) {
      const missing = ['alt', 'width', 'height'].filter((attribute) => !img.hasAttribute(attribute))
      const fix = 'give every image alt text and its intrinsic width and height (no layout shift)'
      if (missing.length > 0) add(page.file, `<img src="${img.getAttribute('src')}"> has no ${missing.join(', ')}`, fix)
    }
  return problems
}

/** A `<pre>` block or an inline `<code>`, with what is inside it (a `<code>` in a `<pre>` goes with the block). */
const CODE_ELEMENTS = /<pre\b[^>]*>[\s\S]*?<\/pre>|<code\b[^>]*>[\s\S]*?<\/code>/gi

/** 10. No placeholder text (lorem ipsum, TODO, an unreplaced {product}) outside code, which is shown as written. */
export function checkPlaceholders(input: SiteCheckInput): Problem[] {
  return perPage(input.pages, (page) => {
    const found = [...new Set(page.html.replace(CODE_ELEMENTS, '').match(/lorem ipsum|\bTODO\b|\{product\}/gi) ?? [])]
    return found.length === 0 ? undefined : [`placeholder text: ${found.join(', ')}`, 'write the real text in the content file']
  })
}

/** The HTML standard's rules (html-validate's `standard` preset) without its rules of taste, which HTML does not care about (React writes `dateTime`). */
const htmlValidator = new HtmlValidate({
  extends: ['html-validate:standard'],
  rules: { 'attr-case': 'off', 'attribute-boolean-style': 'off', 'void-style': 'off', 'valid-id': ['error', { relaxed: true }] },
})

/** 11. Valid HTML on every page, each error with its line and column. */
export function checkValidHtml(input: SiteCheckInput): Problem[] {
  return input.pages.flatMap((page) =>
    htmlValidator.validateStringSync(page.html, page.file).results.flatMap((result) =>
      result.messages.map((message) => ({
        file: page.file,
        problem: `invalid HTML at ${message.line}:${message.column}: ${message.message} (${message.ruleId})`,
        fix: 'correct the markup of the component or content that writes it',
      })),
    ),
  )
}

type Json = Record<string, unknown>

const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/]/.test(value)
const nonEmpty = (value: unknown) => typeof value === 'string' && value.trim().length > 0

/** What a JSON-LD item of a given type must contain; each returns the missing or wrong fields. */
const REQUIRED_FIELDS: Record<string, (item: Json) => string[]> = {
  FAQPage: (item) => {
    const questions = item.mainEntity
    if (!Array.isArray(questions) || questions.length === 0) return ['mainEntity (a list of Question)']
    return questions.flatMap((question: Json, index) => {
      const answer = question.acceptedAnswer as Json | undefined
      const wrong: string[] = []
      if (question['@type'] !== 'Question' || !nonEmpty(question.name)) wrong.push(`mainEntity[${index}] (a Question with a name)`)
      if (answer?.['@type'] !== 'Answer' || !nonEmpty(answer.text)) wrong.push(`mainEntity[${index}].acceptedAnswer (an Answer with text)`)
      return wrong
    })
  },
  BreadcrumbList: (item) => {
    const items = item.itemListElement
    if (!Array.isArray(items) || items.length === 0) return ['itemListElement (a list of ListItem)']
    return items.flatMap((crumb: Json, index) =>
      crumb.position !== index + 1 || !nonEmpty(crumb.name) || !isAbsoluteUrl(crumb.item)
        ? [`itemListElement[${index}] (position ${index + 1}, a name and an absolute URL)`]
        : [],
    )
  },
  BlogPosting: (item) => ['headline', 'datePublished', 'author'].filter((field) => !item[field]),
  Organization: (item) => ['name', 'url'].filter((field) => !item[field]),
  WebSite: (item) => ['name', 'url'].filter((field) => !item[field]),
  Blog: (item) => ['name', 'url'].filter((field) => !item[field]),
  CollectionPage: (item) => (Array.isArray((item.mainEntity as Json | undefined)?.itemListElement) ? [] : ['mainEntity.itemListElement (an ItemList)']),
}

/** 9. Every JSON-LD block parses and has the fields its type needs. */
export function checkJsonLd(input: SiteCheckInput): Problem[] {
  const { problems, add } = problemList()
  for (const page of input.pages) {
    for (const script of page.doc.querySelectorAll('script[type="application/ld+json"]')) {
      let data: Json
      try {
        data = JSON.parse(script.text) as Json
      } catch (error) {
        add(page.file, `JSON-LD does not parse: ${(error as Error).message}`, 'serialize structured data with serializeJsonLd')
        continue
      }
      if (data['@context'] !== 'https://schema.org')
        add(page.file, 'JSON-LD has no "@context": "https://schema.org"', 'build it with the lib/universal/seo/json-ld builders')
      const items = Array.isArray(data['@graph']) ? (data['@graph'] as Json[]) : [data]
      for (const item of items) {
        const type = String(item['@type'])
        const missing = REQUIRED_FIELDS[type]?.(item) ?? []
        if (missing.length > 0) add(page.file, `${type} JSON-LD lacks ${missing.join(', ')}`, `fill those fields in the ${type} builder's input`)
      }
    }
  }
  return problems
}

/** The checks in order, each named as the report prints it. */
export const SITE_CHECKS = [
  { name: 'titles', run: checkTitles },
  { name: 'meta descriptions', run: checkDescriptions },
  { name: 'one h1 per page', run: checkHeadings },
  { name: 'canonical URLs', run: checkCanonicals },
  { name: 'robots noindex', run: checkRobots },
  { name: 'sitemap', run: checkSitemap },
  { name: 'internal links and anchors', run: checkLinks },
  { name: 'images', run: checkImages },
  { name: 'structured data', run: checkJsonLd },
  { name: 'placeholder text', run: checkPlaceholders },
  { name: 'valid HTML', run: checkValidHtml },
] as const
