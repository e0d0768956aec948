// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { topicOf } from '../../entries'

export async function data(pageContext: PageContextServer) {
  const { slug, title, h1, shortAnswer, faqs, showUpgradeCTA } = await topicOf(pageContext)
  return { topic: { slug, title, h1, shortAnswer, faqs, showUpgradeCTA } }
}

export type Data = Awaited<ReturnType<typeof data>>
