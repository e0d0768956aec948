import { join } from 'node:path'
import { alternateFileHeaders } from '../universal/alternate-headers'
import { FEEDS, isMarkdownTwin, LLMS_TXT_PATH } from '../universal/alternates'
import type { ContentIndex } from '../universal/content/types'
import { topicPath } from '../universal/seo/topic'
import type { Site } from '../universal/site'
import { contentErrorPage, contentProblemsIn } from './content-error-page.server'
import { ContentError, topicSlugFiles } from './content-files.server'
import { problemsOfFile } from './content-index.server'
import { readContentIndexKeepingGoing, readContentWithoutTopics } from './content.server'
import { readTopicFile } from './content-collections.server'
import { blogFeeds, fileSizes } from './feeds.server'
import { llmsTxtLines } from './llms-txt.server'
import { articleTwin, topicTwin } from './markdown-twin.server'
import { IMAGES_URL } from './images.server'
import { contentDir, imageCacheDir } from './paths.server'
import { buildDate, leftOutOf, publishingOf } from './publication.server'
import { loadSite } from './site.server'
import { loadUiText } from './ui-text.server'

// `npm run dev` and the files a build writes beside the pages for feed readers and answer engines: the
// feeds, llms.txt and the markdown twins, made on each request from the content as it is on disk, by the
// build's own functions. Dev shows drafts and scheduled entries (publishingOf, contentDevMode), so
// they are in these files too, as on /blog and /topics. A content problem is answered like a page's: 500
// with the problems (content-error-page.server.ts), never a crash of the dev server.

/** What the dev server sends for one of these URLs. */
export interface DevFile {
  status: 200 | 500
  headers: Readonly<Record<string, string>>
  body: string
  /** For a 500: the problems listed, for the terminal too. */
  problems?: readonly string[]
}

/** How the Node server sends llms.txt (a `.txt` file, by its name). */
const LLMS_TXT_TYPE = 'text/plain; charset=utf-8'

/** A file's answer: the Node server's media type (and a twin's `X-Robots-Tag`), but never cached, so a saved edit shows at once. */
function sent(pathname: string, body: string, type?: string): DevFile {
  const headers = { ...alternateFileHeaders(pathname), ...(type ? { 'Content-Type': type } : {}), 'Cache-Control': 'no-cache' }
  return { status: 200, headers, body }
}

/** site.json (or layout.json) read by `read`; its problems, one per line, as a ContentError. */
function settings<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    throw new ContentError((error as Error).message.split('\n').filter(Boolean))
  }
}

/** The whole content, as a build lists it in the feeds and llms.txt; any problem throws, as a build would fail on it. */
async function wholeContent(dir: string): Promise<ContentIndex & { site: Site }> {
  const site = settings(() => loadSite(dir))
  const { index, problems } = await readContentIndexKeepingGoing(dir, site)
  if (problems.length > 0) throw new ContentError(problems)
  return { site, ...index }
}

/** An article's twin; undefined when there is no such article; its file's problems thrown when it has some (like its page, pages/entries.ts). */
async function articleTwinOf(slug: string, dir: string): Promise<string | undefined> {
  const site = settings(() => loadSite(dir))
  const { posts, problems } = await readContentWithoutTopics(dir, site, undefined, publishingOf())
  const post = posts.find((candidate) => candidate.slug === slug)
  if (post) return articleTwin(post)
  const fileProblems = problemsOfFile({ problems }, join(dir, 'blog', `${slug}.md`))
  if (fileProblems) throw fileProblems
  return undefined
}

/** A topic's twin, from its file alone (as the build's render worker makes it); undefined when there is no such topic. */
async function topicTwinOf(slug: string, dir: string): Promise<string | undefined> {
  const site = settings(() => loadSite(dir))
  const topicFile = topicSlugFiles(dir, site).find((candidate) => candidate.slug === slug)
  if (!topicFile) return undefined
  const { topic } = await readTopicFile(topicFile, site)
  if (leftOutOf(topic, topicPath(slug), publishingOf())) return undefined
  return topicTwin(topic, settings(() => loadUiText(dir)).topic)
}

async function fileAt(pathname: string, dir: string): Promise<DevFile | undefined> {
  const feed = FEEDS.find((candidate) => candidate.path === pathname)
  if (feed) {
    const { site, posts, pages } = await wholeContent(dir)
    // Dev serves the covers from the image cache (vite.config.ts): their sizes there are the enclosures' lengths.
    const coverBytes = fileSizes((path) => join(imageCacheDir(), 'files', path.slice(IMAGES_URL.length)))
    return sent(pathname, blogFeeds(posts, site, pages.blog, buildDate(), coverBytes)[feed.format])
  }
  if (pathname === LLMS_TXT_PATH) {
    const { site, posts, topics, pages } = await wholeContent(dir)
    return sent(pathname, [...llmsTxtLines({ site, pages, posts, topics })].join(''), LLMS_TXT_TYPE)
  }
  if (!isMarkdownTwin(pathname)) return undefined
  const slash = pathname.lastIndexOf('/')
  const slug = pathname.slice(slash + 1, -'.md'.length)
  const twin = pathname.startsWith('/blog/') ? await articleTwinOf(slug, dir) : await topicTwinOf(slug, dir)
  return twin === undefined ? undefined : sent(pathname, twin)
}

/**
 * The feed, llms.txt or markdown twin at `pathname` as the content under `dir` makes it now, or the
 * content error page (500) with the problems that stop it; undefined for any other path, and for a twin
 * of no article or topic (the dev server's 404 then answers).
 */
export async function devSyndicationFile(pathname: string, dir: string = contentDir()): Promise<DevFile | undefined> {
  try {
    return await fileAt(pathname, dir)
  } catch (error) {
    const problems = contentProblemsIn(error)
    if (!problems) throw error
    return { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }, body: contentErrorPage(problems), problems }
  }
}
