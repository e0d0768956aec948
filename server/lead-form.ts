import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Context } from 'hono'
import { distDir } from '../lib/node/paths.server'
import { RETURN_QUERY_FIELD, confirmationUrl, keptQuery } from '../lib/universal/confirmation'
import { FORM_PAGE_FILE, fillFormPage, type FormPage } from '../lib/universal/form-page'
import type { BodyProblem } from './endpoint'

// The free-score form without JavaScript: where a stored lead is sent (303 to the confirmation page, with
// the page's query kept and no personal data in it: lib/universal/confirmation.ts), and the page a refused
// one is answered with.

/** The query of the page that sent the form, as sent: the error page's hidden field, else a same-origin Referer's (not an /api one). */
export function returnQuery(c: Context, fromForm: unknown): string {
  if (typeof fromForm === 'string') return fromForm
  const referer = c.req.header('referer')
  if (!referer) return ''
  try {
    const from = new URL(referer)
    if (from.host !== new URL(c.req.url).host || from.pathname.startsWith('/api/')) return ''
    return from.search
  } catch {
    return ''
  }
}

/** Where a form post goes once its lead is taken: the confirmation page with the sending page's query. */
export function confirmationLocation(c: Context, fromForm: unknown): string {
  return confirmationUrl(returnQuery(c, fromForm))
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The page a refused form post gets, as the build wrote it (createApi's `formPage`). */
    formPage: () => FormPage
  }
}

/** The build's form page, beside the site the Node server serves: read on the first refused post. */
export function formPageFromDist(dir = distDir()): () => FormPage {
  let read: FormPage | undefined
  return () => {
    if (read) return read
    const file = join(dir, FORM_PAGE_FILE)
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`)
    return (read = JSON.parse(readFileSync(file, 'utf8')) as FormPage)
  }
}

/**
 * The answer to a refused form post, status 400 (403 for a post from another site), never cached: the
 * page's form as the build rendered it (lib/universal/form-page.ts), with the values typed kept, escaped,
 * and the message in its alert. Served at /api/score, so no URL ever carries the values.
 */
export function leadFormRefused(c: Context, values: Record<string, string>, problem: BodyProblem, status: 400 | 403 = 400): Response {
  const query = keptQuery(returnQuery(c, values[RETURN_QUERY_FIELD]))
  return c.html(fillFormPage(c.get('formPage')(), values, problem, query), status, { 'Cache-Control': 'no-store' })
}
