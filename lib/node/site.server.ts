// The content's JSON settings files, read and validated: site.json here, layout.json (ui-text.server.ts) and authors.json (content.server.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'
import { formatPath } from '../universal/content/format-path'
import { aiCrawlersSchema, type AiCrawlers } from '../universal/crawlers'
import { siteSchema, type Site } from '../universal/site'
import { contentDir } from './paths.server'

/** `aiCrawlers` only robots.txt reads, so it is kept out of the Site each page carries to the browser. */
const siteFile = siteSchema.extend({ aiCrawlers: aiCrawlersSchema })

const ENV_OVERRIDES = { PRODUCT_NAME: 'productName', SITE_URL: 'siteUrl', CHECKOUT_URL: 'checkoutUrl', INTAKE_FORM_URL: 'intakeFormUrl' } as const

function readSiteFile(dir: string, env: NodeJS.ProcessEnv) {
  const overrides = Object.entries(ENV_OVERRIDES).flatMap(([name, field]) => (env[name] ? [[field, env[name]]] : []))
  return readJsonFile(join(dir, 'site.json'), siteFile, (raw) => ({ ...raw, ...Object.fromEntries(overrides) }))
}

/** site.json, with ENV_OVERRIDES applied. */
export function loadSite(dir = contentDir(), env: NodeJS.ProcessEnv = process.env): Site {
  const { aiCrawlers: _, ...site } = readSiteFile(dir, env)
  // The canonical origin never ends with a slash, so `${siteUrl}${path}` is always right.
  return { ...site, siteUrl: new URL(site.siteUrl).origin, legalNote: site.legalNote.replaceAll('{product}', site.productName) }
}

/** Validated with the rest of site.json. */
export function loadAiCrawlers(dir = contentDir(), env: NodeJS.ProcessEnv = process.env): AiCrawlers {
  return readSiteFile(dir, env).aiCrawlers
}

/** Throws one line per problem: `file: field: what was expected`. */
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
