// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { loadTopic } from '../../../lib/content/load'

export async function data({ routeParams }: PageContextServer) {
  const topic = await loadTopic(routeParams.slug ?? '')
  if (!topic) throw render(404)
  const { slug, title, h1, shortAnswer, faqs, showUpgradeCTA } = topic
  return { topic: { slug, title, h1, shortAnswer, faqs, showUpgradeCTA } }
}

export type Data = Awaited<ReturnType<typeof data>>
