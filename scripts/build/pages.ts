import { htmlFileOfPath } from '../../lib/built-pages'
import type { ContentIndex } from '../../lib/content/load'
import { contentRoutePaths } from '../../lib/content/routes'
import { digest } from './cache'
import type { PageJob } from './protocol'

/** A URL no page folder routes: rendering it gives the 404 page, written as `404.html`. */
const NOT_FOUND_URL = '/404-page-for-the-build'

/**
 * Every page the build writes, each with the key of what it is rendered from. A topic page is
 * rendered from its own file only, so its key is its file's digest: editing one topic re-renders one
 * page. Every other page may list any content (the /topics cards, the articles), so its key is the
 * digest of the whole index (`indexText`, the index as the workers read it). `base` covers the rest: the code, the settings and the build year.
 */
export function planPages(routes: readonly string[], index: ContentIndex, indexText: string, topicDigests: ReadonlyMap<string, string>, base: string): PageJob[] {
  const indexDigest = digest(base, indexText)
  const fromContent = contentRoutePaths(index)
  const jobs: PageJob[] = []
  for (const route of [...routes].sort()) {
    if (!route.includes('@') && !route.includes('*')) {
      jobs.push({ url: route, file: htmlFileOfPath(route), status: 200, key: digest(indexDigest, route) })
      continue
    }
    const paths = fromContent[route]
    if (!paths) throw new Error(`pages for ${route}: lib/content/routes.ts does not say which URLs this route has`)
    for (const path of paths) {
      const topicSlug = route === '/topics/@slug' ? path.slice('/topics/'.length) : undefined
      const topicDigest = topicSlug === undefined ? undefined : topicDigests.get(topicSlug)
      const key = topicDigest ? digest(base, path, topicDigest) : digest(indexDigest, path)
      jobs.push({ url: path, file: htmlFileOfPath(path), status: 200, key })
    }
  }
  jobs.push({ url: NOT_FOUND_URL, file: '404.html', status: 404, key: digest(indexDigest, '404') })
  return jobs
}
