// The templates of lighthouse.budgets.json and the URL each is measured on, taken from the built site; the e2e tests visit the same URLs.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { clientDir } from '../node/paths.server'
import { loadSite } from '../node/site.server'
import { readSitemapUrls } from './checked-page'

const budgetsSchema = z.strictObject({
  templates: z
    .array(
      z
        .strictObject({
          name: z.string().min(1),
          /** A fixed route, or a kind of page made from content, whose URL is taken from the built site so that no slug is written here for a writer to break. */
          path: z.string().startsWith('/').optional(),
          sample: z.enum(['article', 'article with an image', 'topic', 'topic index page 2']).optional(),
          status: z.number().int().optional(),
          /** Hold the API's answer past the trace: the referral shell leaves as soon as its click is answered. */
          holdApi: z.boolean().optional(),
          /** The most requests the page may make (Lighthouse's resource-summary count). */
          maxRequests: z.number().int().min(1),
        })
        .refine((template) => (template.path === undefined) !== (template.sample === undefined), {
          message: 'give a template either a path (a fixed route) or a sample (a page made from content), not both',
        }),
    )
    .min(1),
})

type Budgets = z.infer<typeof budgetsSchema>
type Template = Budgets['templates'][number]
/** A template with the URL path it is measured on, and whether the sitemap lists it (else it is noindex, exempt from the SEO score). */
type MeasuredTemplate = Template & { path: string; indexed: boolean }

/** What the samples are picked from: the paths of the built site's pages, and which of them show a content image. */
export type BuiltSite = { paths: readonly string[]; showsImage: (path: string) => boolean }

const isArticle = (path: string) => /^\/blog\/[^/]+$/.test(path)
const SAMPLE_RULES: Record<NonNullable<Template['sample']>, (path: string, site: BuiltSite) => boolean> = {
  article: (path, site) => isArticle(path) && !site.showsImage(path),
  'article with an image': (path, site) => isArticle(path) && site.showsImage(path),
  topic: (path) => /^\/topics\/[^/]+$/.test(path),
  // The topic index's second page: every site of more than one page of topics has it (lib/universal/content/topic-pages.ts).
  'topic index page 2': (path) => path === '/topics/page/2',
}

/** Each template's URL (a sample's: the first page of its kind); a kind the site has none of is `unsampled`, so no writer's change fails the check. */
export function sampleTemplates(templates: readonly Template[], site: BuiltSite): { measured: MeasuredTemplate[]; unsampled: string[] } {
  const paths = [...site.paths].sort()
  const measured: MeasuredTemplate[] = []
  const unsampled: string[] = []
  for (const template of templates) {
    const path = template.path ?? paths.find((candidate) => SAMPLE_RULES[template.sample!](candidate, site))
    if (path) measured.push({ ...template, path, indexed: site.paths.includes(new URL(path, 'http://site').pathname) })
    else unsampled.push(`${template.name}: the built site has no ${template.sample} to measure; skipped`)
  }
  return { measured, unsampled }
}

export function parseBudgets(json: unknown, file = 'lighthouse.budgets.json'): Budgets {
  const parsed = budgetsSchema.safeParse(json)
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n'))
  return parsed.data
}

/** Where Lighthouse's server listens: SITE_URL's port when it is on loopback, so canonicals and the API's same-site check name it; else 4174. */
export function lighthouseOrigin(siteUrl = loadSite().siteUrl): string {
  const url = new URL(siteUrl)
  const port = ['127.0.0.1', 'localhost'].includes(url.hostname) && url.port ? url.port : '4174'
  return `http://127.0.0.1:${port}`
}

/** The templates whose name contains `only` (all when it is empty), each with its full URL in the built site (DIST_DIR). */
export function lighthouseTargets(only = ''): { origin: string; targets: Array<MeasuredTemplate & { url: string }>; unsampled: string[] } {
  const chosen = parseBudgets(JSON.parse(readFileSync('lighthouse.budgets.json', 'utf8'))).templates.filter((template) => template.name.includes(only))
  if (chosen.length === 0) throw new Error(`check:lighthouse: no template name contains "${only}"`)
  const site: BuiltSite = {
    paths: (readSitemapUrls(clientDir()) ?? []).map((url) => new URL(url).pathname),
    showsImage: (path) => readFileSync(join(clientDir(), `${path.slice(1)}.html`), 'utf8').includes('/assets/images/'),
  }
  const { measured, unsampled } = sampleTemplates(chosen, site)
  const origin = lighthouseOrigin()
  return { origin, targets: measured.map((template) => ({ ...template, url: `${origin}${template.path}` })), unsampled }
}
