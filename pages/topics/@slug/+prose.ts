import type { PageContextServer } from 'vike/types'
import { topicOf } from '../../entries'

export default async (pageContext: PageContextServer) => ({ body: (await topicOf(pageContext)).html })
