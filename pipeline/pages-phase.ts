// The build's pages phase. The topic pages come first: the other pages list the topics, whose titles
// the build learns from their pages. Then every link and old URL is checked against the pages this
// build has, and the pages that list content are keyed by the content index and written.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FileLinks } from '../lib/node/content-links.server'
import { ContentError } from '../lib/node/content-files.server'
import { contentIndex, type ContentWithoutTopics } from '../lib/node/content.server'
import type { ImageCache } from '../lib/node/image-cache.server'
import { leftOutOf, type LeftOut, type Publishing } from '../lib/node/publication.server'
import type { RedirectingPage } from '../lib/node/redirects.server'
import { checkLinksAndRedirects, type FileProblems } from '../lib/node/site-checks.server'
import type { ContentIndex, TopicEntry } from '../lib/universal/content/types'
import type { Redirect } from '../lib/universal/routes'
import type { PageCache } from './page-cache'
import type { PageStage } from './page-stage'
import { listingKeys, planListingPages, planTopicPages, type TopicSource } from './pages'
import { count, phase } from './progress'
import type { RenderPool } from './render-pool'

export interface PagesWritten {
  /** The index the listing pages read: the feeds, llms.txt and the articles' markdown twins are made from it too. */
  index: ContentIndex
  /** The articles and topics this build leaves out. */
  leftOut: LeftOut[]
  /** The old URLs of the pages it writes. */
  redirects: Redirect[]
}

/**
 * Writes every page through `stage` (from the cache when its key is known, else rendered), and fails
 * with every content problem at once (ContentError) when a topic file, a link or an old URL is wrong.
 * `base` is the digest every page's key covers: the code, the settings and the build year.
 */
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
}): Promise<PagesWritten> {
  const { stage, pool, pageCache, images, bundleDir, content, topicSources, base, publishing } = args
  const leftOut: LeftOut[] = [...content.leftOut]
  const routes = await routesOf(bundleDir, pool)
  const topicJobs = planTopicPages(routes, topicSources, base)
  const listingPages = planListingPages(routes, content.posts)
  const pagesPhase = phase('pages', topicJobs.length + listingPages.length)
  const problems: FileProblems[] = []
  const topics: TopicEntry[] = []
  const links: FileLinks[] = [...content.links]
  const sourceOf = new Map(topicJobs.map((job) => [job.key, job.topic!.file]))
  const redirecting: RedirectingPage[] = content.posts.map(({ file, slug, redirectFrom }) => ({ file, path: `/blog/${slug}`, redirectFrom }))
  await stage.renderOrReuse(topicJobs, pagesPhase, {
    onTopic: (key, facts) => {
      const file = sourceOf.get(key)!
      topics.push({ ...facts.topic, file })
      links.push({ file, links: facts.links })
      redirecting.push({ file, path: `/topics/${facts.topic.slug}`, redirectFrom: facts.publication?.redirectFrom })
    },
    onProblems: (key, found) => problems.push({ file: sourceOf.get(key)!, problems: found }),
    onLeftOut: (key, facts) => {
      const file = sourceOf.get(key)!
      leftOut.push(leftOutOf({ ...facts.publication, file }, `/topics/${facts.topic.slug}`, publishing)!)
      links.push({ file, links: facts.links })
    },
  })
  // Every link is checked on every build, a reused page's too (its links are kept with it in the cache):
  // a page that links to a topic deleted since, or left out, fails the build without being rendered again.
  const builtPaths = [...topics.map((topic) => `/topics/${topic.slug}`), ...listingPages.filter((job) => job.status === 200).map((job) => job.url)]
  // Old URLs (redirectFrom) lead to a page of this build, and to nothing else.
  const checked = checkLinksAndRedirects({ paths: builtPaths, redirecting, leftOut, links })
  problems.push(...checked.problems)
  const byFile = problems.sort((a, b) => (a.file < b.file ? -1 : 1)).flatMap((file) => file.problems)
  if (byFile.length > 0) throw new ContentError(byFile)

  const index = contentIndex({ posts: content.posts, topics, pages: content.pages })
  const indexText = JSON.stringify(index)
  await stage.renderOrReuse(listingKeys(listingPages, indexText, base), pagesPhase, {}, index)
  pageCache.save()
  images.prune()
  pagesPhase.end(`${count(stage.pages.length)} pages: ${count(stage.rendered)} rendered, ${count(stage.reused)} reused from the cache`)
  return { index, leftOut, redirects: checked.redirects }
}

/** The bundle's routes, asked of a render worker once per bundle and kept beside it: a build with nothing to render starts no worker. */
async function routesOf(bundleDir: string, pool: RenderPool): Promise<string[]> {
  const file = join(bundleDir, 'routes.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as string[]
  const routes = await pool.routes()
  writeFileSync(file, JSON.stringify(routes))
  return routes
}
