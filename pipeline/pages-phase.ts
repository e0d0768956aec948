// Each page linked from the cache by its key, else rendered; the topic pages first, as the others list their titles.
import { mkdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import type { BuiltPage } from '../lib/node/built-pages.server'
import type { FileLinks } from '../lib/node/content-links.server'
import { ContentError } from '../lib/node/content-files.server'
import { contentIndex, type ContentWithoutTopics } from '../lib/node/content.server'
import type { ImageCache } from '../lib/node/image-cache.server'
import { leftOutOf, publicationOf, type LeftOut, type Publishing } from '../lib/node/publication.server'
import { checkLinksAndRedirects, type FileProblems, type RedirectingPage } from '../lib/node/redirects.server'
import { contentRoutePaths } from '../lib/universal/content/routes'
import { TOPIC_PAGE_ROUTE, topicPageCount, topicPagePath, topicsOnPage } from '../lib/universal/content/topic-pages'
import type { ContentIndex, TopicEntry } from '../lib/universal/content/types'
import { FORM_PAGE_FILE } from '../lib/universal/form-page'
import { fileOfPath, type Redirect } from '../lib/universal/routes'
import { digest, linkOrCopy, readJsonFile, writeWhole } from './cache'
import type { CardStage } from './cards'
import type { Output } from './output'
import type { PageCache } from './page-cache'
import { count, phase, type Phase } from './progress'
import type { PageJob, TopicFacts } from './protocol'
import type { TopicSource } from './related-topics'
import type { RenderPool } from './render-pool'
import { articlePath, topicPath } from '../lib/universal/content/routes'

/** A URL no page folder routes: rendering it gives the 404 page, written as `404.html`. */
const NOT_FOUND_URL = '/404-page-for-the-build'
const TOPIC_ROUTE = '/topics/@slug'
const TOPIC_INDEX_ROUTE = '/topics'

/** Each keyed by its file's digest and related topics: an edit re-renders its page, and those that link to it if its title or summary changed. */
function planTopicPages(routes: readonly string[], topics: TopicSource[], base: string): PageJob[] {
  if (!routes.includes(TOPIC_ROUTE)) return []
  return topics.map((source) => {
    const { slug, file, digest: fileDigest, related, read } = source
    // The job takes the parse: the render pool lets go of it once sent, which frees it only if the source holds it no more.
    delete source.read
    const path = topicPath(slug)
    const key = digest(base, path, fileDigest, JSON.stringify(related))
    return { url: path, file: fileOfPath(path), status: 200, key, topic: { slug, file }, related, ...(read && { read }) }
  })
}

/** A page that lists content, before its key is known: `name` is what its key adds to the index's digest. */
type ListingPage = Omit<PageJob, 'key'> & { name: string }

/** Every other page but the topic index's: any may list any content, so their keys come from the whole index. */
export function planListingPages(routes: readonly string[], posts: ContentIndex['posts']): ListingPage[] {
  const fromContent = contentRoutePaths({ posts, topics: [] })
  const pages: ListingPage[] = []
  for (const route of [...routes].sort()) {
    if (route === TOPIC_ROUTE || route === TOPIC_INDEX_ROUTE || route === TOPIC_PAGE_ROUTE) continue
    const paths = !route.includes('@') && !route.includes('*') ? [route] : fromContent[route]
    if (!paths) throw new Error(`pages for ${route}: lib/universal/content/routes.ts does not say which URLs this route has`)
    for (const path of paths) pages.push({ url: path, file: fileOfPath(path), status: 200, name: path })
  }
  pages.push({ url: NOT_FOUND_URL, file: '404.html', status: 404, name: '404' })
  return pages
}

/** Each keyed by the topics it shows, the number of pages and the rest of the index: an edit re-renders the one that lists it. */
export function topicIndexPages(routes: readonly string[], index: ContentIndex, base: string): PageJob[] {
  if (!routes.includes(TOPIC_INDEX_ROUTE)) return []
  const pages = routes.includes(TOPIC_PAGE_ROUTE) ? topicPageCount(index.topics.length) : 1
  const rest = digest(base, JSON.stringify({ ...index, topics: [] }))
  return Array.from({ length: pages }, (_, at) => {
    const url = topicPagePath(at + 1)
    return { url, file: fileOfPath(url), status: 200, key: digest(rest, url, String(pages), JSON.stringify(topicsOnPage(index.topics, at + 1))) }
  })
}

/** Pages per render worker below which another worker would cost more to start than it saves. */
const PAGES_PER_WORKER = 200

interface TopicListeners {
  onTopic?: (key: string, facts: TopicFacts) => void
  onProblems?: (key: string, problems: string[]) => void
  onLeftOut?: (key: string, facts: TopicFacts) => void
  onPlanned?: (toRender: number) => void
}

export class PageStage {
  readonly pages: BuiltPage[] = []
  rendered = 0
  reused = 0

  constructor(
    private readonly args: {
      cache: PageCache
      pool: RenderPool
      cards: CardStage
      output: Output
      /** The form page is written here, beside the client folder. */
      distDir: string
      clientDir: string
      /** A cached topic, page or left out, is reused only if this day publishes it alike. */
      today: string
    },
  ) {}

  /** Links each job's page from the cache when it has it and renders the rest; `listed`: the index the listing pages list. */
  async renderOrReuse(jobs: readonly PageJob[], progress: Phase, listeners: TopicListeners = {}, listed?: ContentIndex): Promise<void> {
    const { cache, pool, cards, output, distDir, clientDir, today } = this.args
    const { onTopic = () => {}, onProblems = () => {}, onLeftOut = () => {}, onPlanned = () => {} } = listeners
    const toRender: PageJob[] = []
    const folders = new Set<string>()
    const published = (facts: TopicFacts) => publicationOf(facts.publication ?? {}, today) === 'published'
    const add = (key: string, { page, topic }: { page: BuiltPage; topic?: TopicFacts }) => {
      this.pages.push(page)
      cards.need(page.drawn)
      if (topic) onTopic(key, topic)
    }
    for (const job of jobs) {
      const cached = cache.lookup(job.key, job.file, published)
      if (!cached) {
        toRender.push(job)
        continue
      }
      progress.advance()
      if ('leftOut' in cached) {
        onLeftOut(job.key, cached.leftOut)
        continue
      }
      const folder = dirname(join(clientDir, job.file))
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true })
      folders.add(folder)
      output.place(cache.htmlFile(job.key), join(clientDir, job.file))
      if (cached.twin) output.place(cache.twinFile(job.key), join(clientDir, cached.twin))
      // The page with the free-score form is cached with the page its refused posts get (render-worker.ts).
      const formPage = cache.cachedFormPage(job.key)
      if (formPage) linkOrCopy(formPage, join(distDir, FORM_PAGE_FILE))
      add(job.key, cached)
      this.reused++
    }
    onPlanned(toRender.length)
    await pool.render(toRender, Math.min(availableParallelism(), Math.ceil(toRender.length / PAGES_PER_WORKER)), listed, (done) => {
      progress.advance()
      if ('problems' in done) return onProblems(done.key, done.problems)
      if ('leftOut' in done) {
        cache.storeLeftOut(done.key, done.leftOut)
        return onLeftOut(done.key, done.leftOut)
      }
      cache.store(done.key, done.page, done.topic, done.twin)
      output.written(cache.htmlFile(done.key), join(clientDir, done.page.file))
      if (done.twin) output.written(cache.twinFile(done.key), join(clientDir, done.twin))
      add(done.key, done)
      this.rendered++
    })
  }
}

/** Writes every page, failing with every content problem at once; `base` is the digest every page's key covers. */
export async function writePages(args: {
  stage: PageStage
  pool: RenderPool
  pageCache: PageCache
  images: ImageCache
  bundleDir: string
  content: ContentWithoutTopics
  topicSources: TopicSource[]
  base: string
  publishing: Publishing
  /** Heard once the topic pages to render are few enough for one worker. */
  onFewToRender?: () => void
}): Promise<{ index: ContentIndex; leftOut: LeftOut[]; redirects: Redirect[] }> {
  const { stage, pool, pageCache, images, bundleDir, content, topicSources, base, publishing, onFewToRender = () => {} } = args
  const leftOut: LeftOut[] = [...content.leftOut]
  const routes = await routesOf(bundleDir, pool)
  const topicJobs = planTopicPages(routes, topicSources, base)
  const listingPages = planListingPages(routes, content.posts)
  const pagesPhase = phase('pages', topicJobs.length + listingPages.length, true)
  const problems: FileProblems[] = []
  const topics: TopicEntry[] = []
  const links: FileLinks[] = [...content.links]
  const sourceOf = new Map(topicJobs.map((job) => [job.key, job.topic!.file]))
  const redirecting: RedirectingPage[] = content.posts.map(({ file, slug, redirectFrom }) => ({ file, path: articlePath(slug), redirectFrom }))
  await stage.renderOrReuse(topicJobs, pagesPhase, {
    onTopic: (key, facts) => {
      const file = sourceOf.get(key)!
      topics.push({ ...facts.topic, file })
      links.push({ file, links: facts.links })
      redirecting.push({ file, path: topicPath(facts.topic.slug), redirectFrom: facts.publication?.redirectFrom })
    },
    onProblems: (key, found) => problems.push({ file: sourceOf.get(key)!, problems: found }),
    onLeftOut: (key, facts) => {
      const file = sourceOf.get(key)!
      leftOut.push(leftOutOf({ ...facts.publication, file }, topicPath(facts.topic.slug), publishing)!)
      links.push({ file, links: facts.links })
    },
    onPlanned: (toRender) => toRender <= PAGES_PER_WORKER && onFewToRender(),
  })
  // Every link is checked on every build, a reused page's too (its links are kept with it in the cache).
  const index = contentIndex({ posts: content.posts, topics, pages: content.pages })
  const indexPages = topicIndexPages(routes, index, base)
  pagesPhase.grow(indexPages.length)
  const listed = [...listingPages.filter((job) => job.status === 200), ...indexPages]
  const builtPaths = [...topics.map((topic) => topicPath(topic.slug)), ...listed.map((job) => job.url)]
  // Old URLs (redirectFrom) lead to a page of this build, and to nothing else.
  const checked = checkLinksAndRedirects({ paths: builtPaths, redirecting, leftOut, links })
  problems.push(...checked.problems)
  const byFile = problems.sort((a, b) => (a.file < b.file ? -1 : 1)).flatMap((file) => file.problems)
  if (byFile.length > 0) throw new ContentError(byFile)

  // Keyed by the index as the workers read it.
  const indexDigest = digest(base, JSON.stringify(index))
  const listingJobs = listingPages.map(({ name, ...job }) => ({ ...job, key: digest(indexDigest, name) }))
  await stage.renderOrReuse([...indexPages, ...listingJobs], pagesPhase, {}, index)
  pageCache.save()
  images.prune()
  pagesPhase.end(`${count(stage.pages.length)} pages: ${count(stage.rendered)} rendered, ${count(stage.reused)} reused from the cache`)
  return { index, leftOut, redirects: checked.redirects }
}

/** Kept beside the bundle: a build with nothing to render starts no worker. */
async function routesOf(bundleDir: string, pool: RenderPool): Promise<string[]> {
  const file = join(bundleDir, 'routes.json')
  const kept = readJsonFile<string[]>(file)
  if (kept) return kept
  const routes = await pool.routes()
  writeWhole(file, JSON.stringify(routes))
  return routes
}
