import type { PageContextServer } from 'vike/types'
import { postOf } from '../../entries'

export default async (pageContext: PageContextServer) => {
  const { html, coverImage } = await postOf(pageContext)
  return coverImage ? { body: html, cover: coverImage.html } : { body: html }
}
