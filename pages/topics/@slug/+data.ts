// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { topicOnPage } from '../../../lib/universal/content/types'
import { topicOf } from '../../entries'

export async function data(pageContext: PageContextServer) {
  return { topic: topicOnPage(await topicOf(pageContext)) }
}

export type Data = Awaited<ReturnType<typeof data>>
