import type { PageContextServer } from 'vike/types'
import { articleSeo } from '../../../lib/universal/seo/article'
import { postOf } from '../../entries'

export default async (pageContext: PageContextServer) => articleSeo(await postOf(pageContext), pageContext.site, pageContext.ui)
