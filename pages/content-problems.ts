import { render } from 'vike/abort'
import { contentProblemsIn } from '../lib/node/content-error-page.server'

/**
 * `work`, a page hook's look-up of its content; in `npm run dev`, a content error it throws (the file's
 * problems) ends the render as `render(500, error)`, which renderer/+onRenderHtml.ts answers with the
 * problems. An abort, not the error: Vike would print an error's stack on every request, while the dev
 * server prints the problems once (vite.config.ts). A build fails on the same problems before it renders.
 */
export async function showingContentProblems<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (import.meta.env.DEV && contentProblemsIn(error)) throw render(500, error as Error)
    throw error
  }
}
