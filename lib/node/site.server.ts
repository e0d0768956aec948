// The content's JSON settings files, read and validated: site.json here, layout.json (ui-text.server.ts) and authors.json (content.server.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'
import { formatPath } from '../universal/content/format-path'
import { aiCrawlersSchema, type AiCrawlers } from '../universal/crawlers'
import { siteSchema, type Site } from '../universal/site'
import { contentDir } from './paths.server'

/**
 * What site.json may hold: the settings every page reads (Site), and `aiCrawlers`, which only robots.txt
 * reads, so it is kept out of the settings each page carries to the browser.
 */
const siteFile = siteSchema.extend({ aiCrawlers: aiCrawlersSchema })

/** site.json validated, with PRODUCT_NAME, SITE_URL, CHECKOUT_URL and INTAKE_FORM_URL from env applied. */
function readSiteFile(dir: string, env: NodeJS.ProcessEnv) {
  return readJsonFile(join(dir, 'site.json'), siteFile, (raw) => ({
    ...raw,
    ...(env.PRODUCT_NAME ? { productName: env.PRODUCT_NAME } : {}),
    ...(env.SITE_URL ? { siteUrl: env.SITE_URL } : {}),
    ...(env.CHECKOUT_URL ? { checkoutUrl: env.CHECKOUT_URL } : {}),
    ...(env.INTAKE_FORM_URL ? { intakeFormUrl: env.INTAKE_FORM_URL } : {}),
  }))
}

/** Reads and validates site.json, then applies PRODUCT_NAME, SITE_URL, CHECKOUT_URL and INTAKE_FORM_URL from env. */
export function loadSite(dir = contentDir(), env: NodeJS.ProcessEnv = process.env): Site {
  const { aiCrawlers: _, ...site } = readSiteFile(dir, env)
  // The canonical origin never ends with a slash, so `${siteUrl}${path}` is always right.
  return { ...site, siteUrl: new URL(site.siteUrl).origin, legalNote: site.legalNote.replaceAll('{product}', site.productName) }
}

/** Which AI crawlers robots.txt lets in: `aiCrawlers` of site.json (lib/universal/crawlers.ts), validated with the rest of the file. */
export function loadAiCrawlers(dir = contentDir(), env: NodeJS.ProcessEnv = process.env): AiCrawlers {
  return readSiteFile(dir, env).aiCrawlers
}

/**
 * Reads a JSON settings file and validates it; `prepare` may adjust the raw value first (env overrides).
 * Throws one line per problem: `file: field: what was expected`.
 */
export function readJsonFile<S extends z.ZodType>(file: string, schema: S, prepare: (raw: Record<string, unknown>) => unknown = (raw) => raw): z.infer<S> {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`${file}: cannot be read as JSON (${(error as Error).message})`, { cause: error })
  }
  const parsed = schema.safeParse(prepare(raw as Record<string, unknown>))
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${file}: ${formatPath(issue.path) || '(root)'}: ${issue.message}`).join('\n'))
  return parsed.data
}
