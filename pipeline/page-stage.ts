// Pages from the cache or the render workers: each job's page is linked from the page cache when its
// key is known there, else rendered by the workers and stored; every page written is kept for the
// files made from all of them (sitemap, CSP hashes), and its pictures handed to the card stage.
import { existsSync, mkdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import type { BuiltPage } from '../lib/node/built-pages.server'
import { publicationOf } from '../lib/node/publication.server'
import type { ContentIndex } from '../lib/universal/content/types'
import { FORM_PAGE_FILE } from '../lib/universal/form-page'
import { linkOrCopy } from './cache'
import type { CardStage } from './cards'
import type { PageCache } from './page-cache'
import type { Phase } from './progress'
import type { PageJob, TopicFacts } from './protocol'
import type { RenderPool } from './render-pool'

/** Pages per render worker below which another worker would cost more to start than it saves. */
const PAGES_PER_WORKER = 200

/** What a caller hears of a batch of topic pages, by job key. */
export interface TopicListeners {
  /** The facts of each topic page's topic. */
  onTopic?: (key: string, facts: TopicFacts) => void
  /** The content problems of a topic file that could not be rendered. */
  onProblems?: (key: string, problems: string[]) => void
  /** The facts of a topic this build leaves out (no page). */
  onLeftOut?: (key: string, facts: TopicFacts) => void
}

export class PageStage {
  /** Every page written so far, rendered or reused. */
  readonly pages: BuiltPage[] = []
  rendered = 0
  reused = 0

  constructor(
    private readonly args: {
      cache: PageCache
      pool: RenderPool
      cards: CardStage
      /** The output root (`dist`): the form page is written beside the client folder. */
      distDir: string
      clientDir: string
      /** The day the build publishes for: a cached topic, page or left out, is reused only if that day publishes it alike. */
      today: string
    },
  ) {}

  /**
   * Links each job's page from the cache when it has it and renders the rest on the workers, adding
   * each to `pages`. `listed`: the content index the pages list, for the listing pages.
   */
  async renderOrReuse(jobs: readonly PageJob[], progress: Phase, listeners: TopicListeners = {}, listed?: ContentIndex): Promise<void> {
    const { cache, pool, cards, distDir, clientDir, today } = this.args
    const { onTopic = () => {}, onProblems = () => {}, onLeftOut = () => {} } = listeners
    const toRender: PageJob[] = []
    const folders = new Set<string>()
    const published = (facts: TopicFacts) => publicationOf(facts.publication ?? {}, today) === 'published'
    for (const job of jobs) {
      const cached = cache.lookup(job.key, job.file, published)
      if (!cached) {
        toRender.push(job)
        continue
      }
      if ('leftOut' in cached) {
        onLeftOut(job.key, cached.leftOut)
        progress.advance()
        continue
      }
      const folder = dirname(join(clientDir, job.file))
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true })
      folders.add(folder)
      linkOrCopy(cache.htmlFile(job.key), join(clientDir, job.file))
      if (cached.twin) linkOrCopy(cache.twinFile(job.key), join(clientDir, cached.twin))
      // The page with the free-score form is cached with the page its refused posts get (render-worker.ts).
      const formPage = join(cache.dir, `${job.key}.${FORM_PAGE_FILE}`)
      if (existsSync(formPage)) linkOrCopy(formPage, join(distDir, FORM_PAGE_FILE))
      this.pages.push(cached.page)
      cards.need(cached.page.drawn)
      if (cached.topic) onTopic(job.key, cached.topic)
      this.reused++
      progress.advance()
    }
    await pool.render(toRender, Math.min(availableParallelism(), Math.ceil(toRender.length / PAGES_PER_WORKER)), listed, (done) => {
      progress.advance()
      if ('problems' in done) return onProblems(done.key, done.problems)
      if ('leftOut' in done) {
        cache.storeLeftOut(done.key, done.leftOut)
        return onLeftOut(done.key, done.leftOut)
      }
      cache.store(done.key, done.page, done.topic, done.twin)
      this.pages.push(done.page)
      cards.need(done.page.drawn)
      if (done.topic) onTopic(done.key, done.topic)
      this.rendered++
    })
  }
}
