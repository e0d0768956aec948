// https://vike.dev/onBeforePrerenderStart
import { loadContent } from '../../../lib/content/load'

export async function onBeforePrerenderStart() {
  const { topics } = await loadContent()
  return topics.map((topic) => `/topics/${topic.slug}`)
}
