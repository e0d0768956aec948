import { render } from 'vike/abort'
import { contentProblemsIn } from '../lib/node/content-error-page.server'

/**
 * `work`, a page hook's look-up of its content; in `npm run dev`, a content error it throws ends the render
 * as `render(500, error)`, which renderer/+onRenderHtml.ts shows: an abort, or Vike prints its stack on every request.
 */
export async function showingContentProblems<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (import.meta.env.DEV && contentProblemsIn(error)) throw render(500, error as Error)
    throw error
  }
}
