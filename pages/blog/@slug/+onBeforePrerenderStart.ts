// https://vike.dev/onBeforePrerenderStart
import { loadContent } from '../../../lib/content/load'

export async function onBeforePrerenderStart() {
  const { posts } = await loadContent()
  return posts.map((post) => `/blog/${post.slug}`)
}
