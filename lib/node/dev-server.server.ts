// For vite.config.ts's plugins, which load it as Vike loads the pages' hooks: one instance of the content code for both, none in the config.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createReadStream, existsSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import { alternateFileHeaders } from '../universal/alternate-headers'
import { FEEDS, isMarkdownTwin, LLMS_TXT_PATH } from '../universal/alternates'
import type { ContentIndex } from '../universal/content/types'
import type { Site } from '../universal/site'
import { contentErrorPage, contentProblemsIn } from './content-error-page.server'
import { ContentError } from './content-files.server'
import { loadContent, loadTopic, problemsOfFile } from './content-index.server'
import { blogFeeds, fileSizes } from './feeds.server'
import { IMAGES_URL } from './images.server'
import { llmsTxtLines } from './llms-txt.server'
import { articleTwin, topicTwin } from './markdown-twin.server'
import { contentDir, imageCacheDir } from './paths.server'
import { buildDate } from './publication.server'
import { loadSite } from './site.server'
import { loadUiText } from './ui-text.server'

export { contentErrorPage }

/** site.json's and layout.json's problems (every page needs both), one per line. */
export function sharedFileProblems(): string[] {
  try {
    loadSite()
    loadUiText()
    return []
  } catch (error) {
    return (error as Error).message.split('\n').filter(Boolean)
  }
}

/** Only site.json's or layout.json's problems while they have some: no other file can be read without them. */
export async function devContentState(): Promise<{ problems: readonly string[]; redirects: ReadonlyMap<string, string> }> {
  const shared = sharedFileProblems()
  if (shared.length > 0) return { problems: shared, redirects: new Map() }
  const { problems, redirects } = await loadContent()
  return { problems, redirects: new Map(redirects.map(({ from, to }) => [from, to])) }
}

const IMAGE_TYPES: Record<string, string> = { '.avif': 'image/avif', '.webp': 'image/webp', '.jpg': 'image/jpeg', '.png': 'image/png' }

/** From the image cache, where rendering the markdown encoded them (a build links them into the site); false for any other request. */
export function serveContentImage(request: IncomingMessage, response: ServerResponse): boolean {
  const url = request.url ?? ''
  if (!url.startsWith(IMAGES_URL)) return false
  const folder = resolve(imageCacheDir(), 'files')
  const name = url.slice(IMAGES_URL.length).split('?')[0] ?? ''
  const type = IMAGE_TYPES[extname(name)]
  if (!type || name.includes('/') || !existsSync(join(folder, name))) return false
  response.setHeader('Content-Type', type)
  createReadStream(join(folder, name)).pipe(response)
  return true
}

// The feeds, llms.txt and twins, made on each request by the build's own functions from the content as the pages read it (drafts too).

interface DevFile {
  status: 200 | 500
  headers: Readonly<Record<string, string>>
  body: string
  problems?: readonly string[]
}

const LLMS_TXT_TYPE = 'text/plain; charset=utf-8'

/** Never cached, so a saved edit shows at once. */
function sent(pathname: string, body: string, type?: string): DevFile {
  const headers = { ...alternateFileHeaders(pathname), ...(type ? { 'Content-Type': type } : {}), 'Cache-Control': 'no-cache' }
  return { status: 200, headers, body }
}

/** site.json's or layout.json's problems, one per line, as a ContentError. */
function settings<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    throw new ContentError((error as Error).message.split('\n').filter(Boolean))
  }
}

/** Any problem throws, as a build would fail on it. */
async function wholeContent(dir: string): Promise<ContentIndex & { site: Site }> {
  const site = settings(() => loadSite(dir))
  const { posts, topics, pages, problems } = await loadContent(dir)
  if (problems.length > 0) throw new ContentError([...problems])
  return { site, posts, topics, pages }
}

/** Its file's problems thrown, as by its page. */
async function articleTwinOf(slug: string, dir: string): Promise<string | undefined> {
  settings(() => loadSite(dir))
  const content = await loadContent(dir)
  const fileProblems = problemsOfFile(content, join(dir, 'blog', `${slug}.md`))
  if (fileProblems) throw fileProblems
  const post = content.postsBySlug.get(slug)
  return post && articleTwin(post)
}

/** From its file alone, as the build's render worker makes it. */
async function topicTwinOf(slug: string, dir: string): Promise<string | undefined> {
  const topic = await loadTopic(slug, dir)
  return topic && topicTwin(topic, settings(() => loadUiText(dir)).topic)
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
  const slug = pathname.slice(pathname.lastIndexOf('/') + 1, -'.md'.length)
  const twin = pathname.startsWith('/blog/') ? await articleTwinOf(slug, dir) : await topicTwinOf(slug, dir)
  return twin === undefined ? undefined : sent(pathname, twin)
}

/** Or the content error page (500); undefined for any other path or a missing twin. */
export async function devSyndicationFile(pathname: string, dir: string = contentDir()): Promise<DevFile | undefined> {
  try {
    return await fileAt(pathname, dir)
  } catch (error) {
    const problems = contentProblemsIn(error)
    if (!problems) throw error
    return { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }, body: contentErrorPage(problems), problems }
  }
}
