// What `npm run dev` needs of the server-side code, for the plugins of vite.config.ts. They load this
// module through the dev server (`server.ssrLoadModule`), as Vike loads the pages' hooks: one instance
// of the content code for both, read again after each content change (the dev server drops its modules),
// and none of it bundled into the config, which a build loads six times.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createReadStream, existsSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import { loadContent } from './content-index.server'
import { IMAGES_URL } from './images.server'
import { imageCacheDir } from './paths.server'
import { loadSite } from './site.server'
import { loadUiText } from './ui-text.server'

export { contentErrorPage } from './content-error-page.server'
export { devSyndicationFile } from './syndication-in-dev.server'

/** site.json's and layout.json's problems (every page needs both), one per line; none when both are valid. */
export function sharedFileProblems(): string[] {
  try {
    loadSite()
    loadUiText()
    return []
  } catch (error) {
    return (error as Error).message.split('\n').filter(Boolean)
  }
}

/**
 * Every problem a build would stop on, and the old URLs a build would answer: the pages' own content
 * index (loadContent), so the terminal and the pages tell the same. site.json's or layout.json's
 * problems alone while they have some: no other file can be read without them.
 */
export async function devContentState(): Promise<{ problems: readonly string[]; redirects: ReadonlyMap<string, string> }> {
  const shared = sharedFileProblems()
  if (shared.length > 0) return { problems: shared, redirects: new Map() }
  const { problems, redirects } = await loadContent()
  return { problems, redirects: new Map(redirects.map(({ from, to }) => [from, to])) }
}

const IMAGE_TYPES: Record<string, string> = { '.avif': 'image/avif', '.webp': 'image/webp', '.jpg': 'image/jpeg', '.png': 'image/png' }

/** The content's images, served from the build cache, where rendering the markdown encoded them (a build links them into the site); false for any other request. */
export function serveContentImage(request: IncomingMessage, response: ServerResponse): boolean {
  const url = request.url ?? ''
  if (!url.startsWith(IMAGES_URL)) return false
  const folder = resolve(imageCacheDir(), 'files')
  const name = url.slice(IMAGES_URL.length).split('?')[0] ?? ''
  const type = IMAGE_TYPES[extname(name)]
  if (!type || name.includes('/') || !existsSync(join(folder, name))) return false
  response.setHeader('Content-Type', type)
  createReadStream(join(folder, name)).pipe(response)
  return true
}
