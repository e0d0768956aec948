// Checks of what the build writes for feed readers and answer engines (lib/universal/alternates.ts).
import { parse } from 'node-html-parser'
import { FEEDS, LLMS_TXT_PATH, type FeedFormat, MARKDOWN_TYPE, TWIN_FOLDERS, markdownTwinPath } from '../universal/alternates'
import { fileOfPath } from '../universal/routes'
import { absoluteUrl } from '../universal/seo/url'
import { problemList, srcsetUrls, type CheckedPage, type Problem, type SiteCheckInput } from './checked-page'
import { childrenNamed, parseXml, textOf, XmlError, type XmlElement } from './xml'

export interface SyndicationCheckInput extends SiteCheckInput {
  /** A file of the built site as text, relative to the client folder; undefined when there is none. */
  read: (file: string) => string | undefined
}

const REBUILD = 'run the full `npm run build`, which writes it'

/** The built pages of a twin folder's entries (`/blog/x`, `/topics/x`): the articles and topics this build published. */
function entryPages(input: SiteCheckInput, folder?: (typeof TWIN_FOLDERS)[number]): CheckedPage[] {
  return input.pages.filter((page) => {
    const parent = page.path?.slice(0, page.path.lastIndexOf('/'))
    return !!parent && (folder === undefined ? (TWIN_FOLDERS as readonly string[]).includes(parent) : parent === folder)
  })
}

/** One feed's items, read as a feed reader would: each item's link and whole text as HTML. */
type FeedItem = { link: string; title: string; date: string; html: string }

function feedItems(format: FeedFormat, text: string): FeedItem[] {
  if (format === 'json') {
    const feed = JSON.parse(text) as { version?: unknown; items?: unknown }
    if (typeof feed.version !== 'string' || !feed.version.startsWith('https://jsonfeed.org/version/') || !Array.isArray(feed.items))
      throw new Error('not a JSON Feed: no "version" of jsonfeed.org, or no "items"')
    return (feed.items as Array<Record<string, unknown>>).map((item) => {
      const field = (name: string) => String(item[name] ?? '')
      return { link: field('url'), title: field('title'), date: field('date_published'), html: field('content_html') }
    })
  }
  const root = parseXml(text)
  const read = (element: XmlElement, name: string) => textOf(childrenNamed(element, name)[0]).trim()
  if (format === 'rss') {
    if (root.name !== 'rss' || root.attributes.version !== '2.0') throw new XmlError('the root element is not <rss version="2.0">')
    const channel = childrenNamed(root, 'channel')[0]
    if (!channel) throw new XmlError('<rss> has no <channel>')
    return childrenNamed(channel, 'item').map((item) => ({
      link: read(item, 'link'),
      title: read(item, 'title'),
      date: read(item, 'pubDate'),
      html: read(item, 'content:encoded'),
    }))
  }
  if (root.name !== 'feed' || root.attributes.xmlns !== 'http://www.w3.org/2005/Atom') throw new XmlError('the root element is not an Atom <feed>')
  return childrenNamed(root, 'entry').map((entry) => {
    const link = childrenNamed(entry, 'link').find((candidate) => (candidate.attributes.rel ?? 'alternate') === 'alternate')
    return { link: link?.attributes.href ?? '', title: read(entry, 'title'), date: read(entry, 'updated'), html: read(entry, 'content') }
  })
}

/** The URLs of an item's HTML that are not absolute: a feed is read away from the site, where they lead nowhere. */
function relativeUrls(html: string): string[] {
  const doc = parse(html)
  const urls = [
    ...doc.querySelectorAll('[href]').map((element) => element.getAttribute('href')!),
    ...doc.querySelectorAll('[src]').map((element) => element.getAttribute('src')!),
    ...doc.querySelectorAll('[srcset]').flatMap((element) => srcsetUrls(element.getAttribute('srcset')!)),
  ]
  return urls.filter((url) => !/^[a-z][a-z\d+.-]*:/i.test(url))
}

/** Feeds: each parses and lists exactly the articles built, each with a title, a date and its text with absolute links; every page names the three. */
export function checkFeeds(input: SyndicationCheckInput): Problem[] {
  const { problems, add } = problemList()
  const articles = new Set(entryPages(input, '/blog').map((page) => absoluteUrl(page.path!, input.siteUrl)))
  for (const feed of FEEDS) {
    const file = fileOfPath(feed.path)
    const text = input.read(file)
    if (text === undefined) {
      add(file, 'missing', REBUILD)
      continue
    }
    let items: FeedItem[]
    try {
      items = feedItems(feed.format, text)
    } catch (error) {
      add(file, `does not parse as ${feed.name}: ${(error as Error).message}`, 'write it with the `feed` package (lib/node/feeds.server.ts)')
      continue
    }
    const listed = new Set<string>()
    for (const item of items) {
      if (!articles.has(item.link))
        add(file, `lists ${item.link || 'an item without a link'}, which is not an article of this build`, 'list only the articles the build publishes')
      if (listed.has(item.link)) add(file, `lists ${item.link} twice`, 'list each article once')
      listed.add(item.link)
      if (!item.title.trim() || Number.isNaN(Date.parse(item.date)))
        add(file, `${item.link}: no title, or no date a feed reader can read ("${item.date}")`, "give each item the article's title and date")
      const relative = relativeUrls(item.html)
      if (!item.html.trim() || relative.length > 0)
        add(
          file,
          `${item.link}: ${item.html.trim() ? `relative URLs in its text (${relative.slice(0, 3).join(', ')})` : 'no text'}`,
          "give each item the article's whole HTML with every URL absolute (absoluteHtml in lib/node/feeds.server.ts)",
        )
    }
    for (const url of articles) if (!listed.has(url)) add(file, `does not list the article ${url}`, 'list every article the build publishes')
  }
  for (const page of input.pages) {
    const named = new Set(page.doc.querySelectorAll('link[rel="alternate"]').map((link) => `${link.getAttribute('type')} ${link.getAttribute('href')}`))
    const missing = FEEDS.filter((feed) => !named.has(`${feed.type} ${absoluteUrl(feed.path, input.siteUrl)}`))
    if (missing.length > 0)
      add(
        page.file,
        `no <link rel="alternate"> to ${missing.map((feed) => feed.path).join(', ')}`,
        'every head names the feeds (alternateLinks in lib/universal/seo)',
      )
  }
  return problems
}

const LLMS_LINK = /^- \[(.+)\]\((\S+)\)(?::\s.*)?$/

/** llms.txt: the llmstxt.org shape (an H1, a blockquote, `## ` sections of links), every link answered by a page or file of this build, every article and topic listed. */
export function checkLlmsTxt(input: SyndicationCheckInput): Problem[] {
  const file = fileOfPath(LLMS_TXT_PATH)
  const text = input.read(file)
  if (text === undefined) return [{ file, problem: 'missing', fix: REBUILD }]
  const fix = 'the build writes it from the content index (lib/node/llms-txt.server.ts): rebuild'
  const { problems, add } = problemList()
  const lines = text.split('\n')
  if (!/^# \S/.test(lines[0] ?? '')) add(file, 'line 1: not an H1 with the site\'s name ("# Name")', fix)
  if (!lines.some((line) => line.startsWith('> '))) add(file, 'no blockquote summing up the site ("> …")', fix)
  if (!lines.some((line) => line.startsWith('## '))) add(file, 'no "## " section of links', fix)
  const origin = new URL(input.siteUrl).origin
  const pages = new Set(input.pages.flatMap((page) => (page.path === null ? [] : [page.path])))
  const listed = new Set<string>()
  lines.forEach((line, index) => {
    if (!line.startsWith('- ')) return
    const match = LLMS_LINK.exec(line)
    if (!match) return add(file, `line ${index + 1}: not "- [title](url): description"`, fix)
    const url = new URL(match[2]!, input.siteUrl)
    const answered = url.origin === origin && (pages.has(url.pathname) || input.files.has(url.pathname.slice(1)))
    if (!answered) add(file, `line ${index + 1}: ${match[2]} is not a page or file of this build`, fix)
    listed.add(url.pathname)
  })
  for (const page of entryPages(input)) if (!listed.has(page.path!)) add(file, `does not list ${page.path}`, 'list every article and topic the build publishes')
  return problems
}

/** Markdown twins: one for every article and topic, named by its page's head, and none for a page that is not built. */
export function checkMarkdownTwins(input: SyndicationCheckInput): Problem[] {
  const { problems, add } = problemList()
  const expected = new Set<string>()
  for (const page of entryPages(input)) {
    const twinPath = markdownTwinPath(page.path!)
    const file = fileOfPath(twinPath)
    expected.add(file)
    const text = input.read(file)
    if (text === undefined) add(page.file, `no markdown twin ${file}`, REBUILD)
    else if (!text.startsWith('# ')) add(file, 'does not open with the page\'s title as "# "', 'write it with lib/node/markdown-twin.server.ts')
    const href = absoluteUrl(twinPath, input.siteUrl)
    if (!page.doc.querySelector(`link[rel="alternate"][type="${MARKDOWN_TYPE}"][href="${href}"]`))
      add(page.file, `no <link rel="alternate" type="${MARKDOWN_TYPE}" href="${href}">`, "set `markdown` in the page's +seo (articleSeo, topicSeo)")
  }
  for (const file of input.files) {
    if (file.endsWith('.md') && TWIN_FOLDERS.some((folder) => file.startsWith(`${folder.slice(1)}/`)) && !expected.has(file))
      add(file, 'a markdown twin of no built page', 'rebuild: the build writes a twin only beside its page')
  }
  return problems
}

export const SYNDICATION_CHECKS = [
  { name: 'feeds (RSS, Atom, JSON Feed)', run: checkFeeds },
  { name: 'llms.txt', run: checkLlmsTxt },
  { name: 'markdown twins', run: checkMarkdownTwins },
] as const
