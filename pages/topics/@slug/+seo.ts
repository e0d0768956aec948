import type { PageContextServer } from 'vike/types'
import { topicSeo } from '../../../lib/universal/seo/topic'
import { topicOf } from '../../entries'

export default async (pageContext: PageContextServer) => topicSeo(await topicOf(pageContext), pageContext.site, pageContext.ui)
