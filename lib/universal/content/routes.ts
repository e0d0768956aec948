import type { ContentIndex } from './types'

/**
 * The paths of every parameterized route, from the content: one per article and per topic. The build
 * prerenders each; a parameterized page folder missing here fails the build (scripts/build/pages.ts).
 */
export function contentRoutePaths(index: Pick<ContentIndex, 'posts' | 'topics'>): Record<string, string[]> {
  return {
    '/blog/@slug': index.posts.map((post) => `/blog/${post.slug}`),
    '/topics/@slug': index.topics.map((topic) => `/topics/${topic.slug}`),
  }
}
