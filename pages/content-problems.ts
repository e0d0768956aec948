import { render } from 'vike/abort'
import { contentProblemsIn } from '../lib/node/content-error-page.server'

/** `work`, a hook's look-up of its content; in `npm run dev` a content error ends the render as an abort that renderer/+onRenderHtml.ts shows (else Vike prints its stack per request). */
export async function showingContentProblems<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (import.meta.env.DEV && contentProblemsIn(error)) throw render(500, error as Error)
    throw error
  }
}
