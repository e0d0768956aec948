// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { topicOf } from './topic'

export async function data(pageContext: PageContextServer) {
  const topic = await topicOf(pageContext)
  if (!topic) throw render(404)
  const { slug, title, h1, shortAnswer, faqs, showUpgradeCTA } = topic
  return { topic: { slug, title, h1, shortAnswer, faqs, showUpgradeCTA } }
}

export type Data = Awaited<ReturnType<typeof data>>
