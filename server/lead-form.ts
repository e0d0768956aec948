import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Context } from 'hono'
import { clientDir } from '../lib/node/paths.server'
import { RETURN_QUERY_FIELD, confirmationUrl, keptQuery } from '../lib/universal/confirmation'
import { LEAD_FIELDS, type LeadField } from '../lib/universal/lead'
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

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
}

interface Template {
  lang: string
  /** The build's inline stylesheet, byte for byte, so the CSP's hash of it still holds. */
  style: string
  heading: string
  form: string
}

const FALLBACK_LABELS: Record<LeadField, string> = { first_name: 'First name', linkedin_url: 'LinkedIn URL', email: 'Email' }

/** The form as the build wrote it into the home page, or a bare one when there is no build (unit tests). */
function fallbackTemplate(): Template {
  const inputs = LEAD_FIELDS.map((field) => `<label for="${field}">${FALLBACK_LABELS[field]}</label><input id="${field}" name="${field}" required=""/>`)
  return {
    lang: 'en',
    style: '',
    heading: 'Get your free score',
    form: `<form class="score-form" method="post" action="/api/score">${inputs.join('')}<p id="free-score-error" class="form-error" role="alert"></p><button class="button" type="submit">Send</button></form>`,
  }
}

const templates = new Map<string, Template>()

/** The form, stylesheet and heading of the built home page's HTML; the bare form when one is missing. */
function templateOf(html: string | undefined): Template {
  const form = html && /<form class="score-form"[\s\S]*?<\/form>/.exec(html)?.[0]
  const style = html && /<style>[\s\S]*?<\/style>/.exec(html)?.[0]
  const heading = html && /<h2 id="free-score-heading">([\s\S]*?)<\/h2>/.exec(html)?.[1]
  if (!html || !form || !style || !heading) return fallbackTemplate()
  return { lang: /<html lang="([^"]*)"/.exec(html)?.[1] ?? 'en', style, heading, form }
}

function template(dir: string): Template {
  const cached = templates.get(dir)
  if (cached) return cached
  const file = join(dir, 'index.html')
  const found = templateOf(existsSync(file) ? readFileSync(file, 'utf8') : undefined)
  templates.set(dir, found)
  return found
}

/** The Worker's static assets (worker/index.ts passes its bindings as the request's env); absent on Node. */
interface AssetsEnv {
  ASSETS?: { fetch: (request: Request) => Promise<Response> }
}

/** On the Worker, the template read from the home page its static assets serve, once per isolate. */
let assetsTemplate: Promise<Template> | undefined
function templateFromAssets(c: Context): Promise<Template> | undefined {
  const assets = (c.env as AssetsEnv | undefined)?.ASSETS
  if (!assets) return undefined
  assetsTemplate ??= assets
    .fetch(new Request(new URL('/', c.req.url)))
    .then(async (response) => templateOf(response.ok ? await response.text() : undefined))
    .catch(() => fallbackTemplate())
  return assetsTemplate
}

/**
 * The page a refused form post gets: the home page's form (its labels, the site's stylesheet, no script)
 * with the values typed kept, escaped, and the field's message in its alert. Served at /api/score, so no
 * URL ever carries the values.
 */
export function leadFormPage(values: Record<string, string>, problem: BodyProblem, query: string, from: string | Template = clientDir()): string {
  const { lang, style, heading, form } = typeof from === 'string' ? template(from) : from
  let filled = form
  for (const field of LEAD_FIELDS) {
    const invalid = problem.field === field ? ' aria-invalid="true" aria-describedby="free-score-error" autofocus=""' : ''
    const value = (values[field] ?? '').slice(0, 1_000)
    filled = filled.replace(new RegExp(`<input([^>]*?) name="${field}"([^>]*?)/?>`), (_, before: string, after: string) => {
      const attributes = `${before} name="${field}"${after}`.replace(/ (aria-invalid|aria-describedby|value)="[^"]*"/g, '')
      return `<input${attributes} value="${escapeHtml(value)}"${invalid}/>`
    })
  }
  filled = filled
    .replace(/(<p id="free-score-error"[^>]*>)[\s\S]*?(<\/p>)/, (_, open: string, close: string) => `${open}${escapeHtml(problem.error)}${close}`)
    .replace('</form>', () => `<input type="hidden" name="${RETURN_QUERY_FIELD}" value="${escapeHtml(query)}"/></form>`)
  return [
    `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"/>`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"/><meta name="robots" content="noindex"/>',
    `<title>${escapeHtml(problem.error)}</title>${style}</head>`,
    `<body><main id="main" class="section narrow"><section class="card form-card"><h1>${heading}</h1>${filled}</section></main></body></html>`,
  ].join('')
}

/**
 * The answer to a refused form post: the page above, status 400 (403 for a post from another site), never
 * cached. Its form comes from the home page as built: on disk for the Node server, from the static assets
 * on the Worker.
 */
export async function leadFormRefused(c: Context, values: Record<string, string>, problem: BodyProblem, status: 400 | 403 = 400): Promise<Response> {
  const query = keptQuery(returnQuery(c, values[RETURN_QUERY_FIELD]))
  const page = leadFormPage(values, problem, query, (await templateFromAssets(c)) ?? clientDir())
  return c.html(page, status, { 'Cache-Control': 'no-store' })
}
