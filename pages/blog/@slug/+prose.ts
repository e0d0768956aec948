import type { PageContextServer } from 'vike/types'
import { postOf } from '../../entries'

export default async (pageContext: PageContextServer) => ({ body: (await postOf(pageContext)).html })
