import { z } from 'zod'

// The release budgets (lighthouse.budgets.json) and how a Lighthouse run is measured against them.

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]

/**
 * The pages made from content, by template: an article without an image, an article that shows one
 * (its cover or an image in its text), a topic page.
 */
export const SAMPLES = ['article', 'article with an image', 'topic'] as const
export type Sample = (typeof SAMPLES)[number]

const budgetsSchema = z.strictObject({
  runsPerUrl: z.number().int().min(1),
  minScores: z.strictObject({ performance: z.number(), accessibility: z.number(), 'best-practices': z.number(), seo: z.number() }),
  maxGzipKB: z.strictObject({ script: z.number().positive(), stylesheet: z.number().positive(), document: z.number().positive() }),
  maxCls: z.number().min(0),
  maxThirdPartyRequests: z.number().int().min(0),
  templates: z
    .array(
      z
        .strictObject({
          name: z.string().min(1),
          /** A fixed route: the URL measured. */
          path: z.string().startsWith('/').optional(),
          /**
           * A page made from content: which kind, its URL taken from the built site when the check runs
           * (sampleTemplates), so that no article or topic slug is written here for a writer to break.
           */
          sample: z.enum(SAMPLES).optional(),
          /** Exempts the template from the SEO score only. */
          noindex: z.boolean().optional(),
          /** The document's expected HTTP status (200 unless said). */
          status: z.number().int().optional(),
          /**
           * Hold the API's answer past the trace: the referral shell leaves as soon as its click is
           * answered, so this measures the shell itself (where it goes is measured as its own template).
           */
          holdApi: z.boolean().optional(),
        })
        .refine((template) => (template.path === undefined) !== (template.sample === undefined), {
          message: 'give a template either a path (a fixed route) or a sample (a page made from content), not both',
        }),
    )
    .min(1),
})

export type Budgets = z.infer<typeof budgetsSchema>
export type Template = Budgets['templates'][number]
/** A template with the URL it is measured on. */
export type MeasuredTemplate = Template & { path: string }

/** What the samples are picked from: the paths of the built site's pages, and which of them show a content image. */
export interface BuiltSite {
  paths: readonly string[]
  showsImage: (path: string) => boolean
}

const isArticle = (path: string) => /^\/blog\/[^/]+$/.test(path)
const isTopic = (path: string) => /^\/topics\/[^/]+$/.test(path)
const SAMPLE_RULES: Record<Sample, (path: string, site: BuiltSite) => boolean> = {
  article: (path, site) => isArticle(path) && !site.showsImage(path),
  'article with an image': (path, site) => isArticle(path) && site.showsImage(path),
  topic: (path) => isTopic(path),
}

/**
 * Every template with the URL to measure: a fixed route's own path; for a sample, the first page of
 * its kind in the built site, in the order of the paths (sorted, so the same site always gives the
 * same URL). A kind the site has no page of (no article with an image today) is not measured: it is
 * named in `unsampled`, so the report says so, and a writer's change never fails the check for it.
 */
export function sampleTemplates(templates: readonly Template[], site: BuiltSite): { measured: MeasuredTemplate[]; unsampled: string[] } {
  const paths = [...site.paths].sort()
  const measured: MeasuredTemplate[] = []
  const unsampled: string[] = []
  for (const template of templates) {
    if (template.path !== undefined) {
      measured.push({ ...template, path: template.path })
      continue
    }
    const rule = SAMPLE_RULES[template.sample!]
    const path = paths.find((candidate) => rule(candidate, site))
    if (path) measured.push({ ...template, path })
    else unsampled.push(`${template.name}: the built site has no ${template.sample} to measure; skipped`)
  }
  return { measured, unsampled }
}

export function parseBudgets(json: unknown, file = 'lighthouse.budgets.json'): Budgets {
  const parsed = budgetsSchema.safeParse(json)
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n'))
  return parsed.data
}

/** What one Lighthouse run measured on one URL. */
export interface RunSummary {
  scores: Record<Category, number>
  /** Gzipped bytes per kind of resource, summed over the page's requests. */
  gzipBytes: { script: number; stylesheet: number; document: number }
  cls: number
  /** First contentful paint, in milliseconds (simulated mobile). */
  fcpMs: number
  /** Requests to any origin but the site's own. */
  thirdPartyRequests: string[]
  /** The HTTP status of the page itself. */
  documentStatus: number | undefined
  /** Other requests of the page that failed (status 400 or more): a missing asset. */
  failedRequests: string[]
}

/** The minimal part of a Lighthouse result this file reads. */
export interface LighthouseResult {
  categories: Record<string, { score: number | null } | undefined>
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } } | undefined>
}

export interface NetworkRequest {
  url: string
  resourceType?: string
  statusCode?: number
}

export function networkRequests(lhr: LighthouseResult): NetworkRequest[] {
  return (lhr.audits['network-requests']?.details?.items ?? []) as NetworkRequest[]
}

/** Reduces one run to its scores, sizes and shifts; `gzipSize` gives the gzipped size of one same-origin URL. */
export function summarizeRun(lhr: LighthouseResult, origin: string, gzipSize: (url: string) => number): RunSummary {
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, lhr.categories[category]?.score ?? 0])) as Record<Category, number>
  const gzipBytes = { script: 0, stylesheet: 0, document: 0 }
  const thirdPartyRequests: string[] = []
  const requests = networkRequests(lhr)
  for (const request of requests) {
    if (!/^https?:/.test(request.url)) continue
    if (new URL(request.url).origin !== origin) {
      thirdPartyRequests.push(request.url)
      continue
    }
    const kind = ({ Script: 'script', Stylesheet: 'stylesheet', Document: 'document' } as const)[request.resourceType ?? '']
    if (kind) gzipBytes[kind] += gzipSize(request.url)
  }
  const document = requests.find((request) => request.resourceType === 'Document')
  const failedRequests = requests.filter((request) => request !== document && (request.statusCode ?? 0) >= 400).map((request) => request.url)
  return {
    scores,
    gzipBytes,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    thirdPartyRequests,
    documentStatus: document?.statusCode,
    failedRequests,
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The median of each figure over several runs of the same URL (scores vary from run to run). */
export function medianSummary(runs: RunSummary[]): RunSummary {
  const pick = (read: (run: RunSummary) => number) => median(runs.map(read))
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, pick((run) => run.scores[category])])) as Record<Category, number>,
    gzipBytes: {
      script: pick((run) => run.gzipBytes.script),
      stylesheet: pick((run) => run.gzipBytes.stylesheet),
      document: pick((run) => run.gzipBytes.document),
    },
    cls: pick((run) => run.cls),
    fcpMs: pick((run) => run.fcpMs),
    thirdPartyRequests: [...new Set(runs.flatMap((run) => run.thirdPartyRequests))],
    // A status that changed between runs is no status at all: it fails the check.
    documentStatus: runs.every((run) => run.documentStatus === runs[0]?.documentStatus) ? runs[0]?.documentStatus : undefined,
    failedRequests: [...new Set(runs.flatMap((run) => run.failedRequests))],
  }
}

/** Every budget a template's (median) summary misses, as sentences naming the template. */
export function budgetFailures(template: MeasuredTemplate, summary: RunSummary, budgets: Budgets): string[] {
  const failures: string[] = []
  const status = template.status ?? 200
  if (summary.documentStatus !== status) failures.push(`${template.name} (${template.path}): status ${summary.documentStatus}, expected ${status}`)
  for (const category of CATEGORIES) {
    if (category === 'seo' && template.noindex) continue
    const min = budgets.minScores[category]
    if (summary.scores[category] < min) failures.push(`${template.name} (${template.path}): ${category} ${summary.scores[category]} < ${min}`)
  }
  for (const kind of ['script', 'stylesheet', 'document'] as const) {
    const kb = summary.gzipBytes[kind] / 1024
    if (kb > budgets.maxGzipKB[kind]) failures.push(`${template.name} (${template.path}): ${kind} ${kb.toFixed(1)} KB gzipped > ${budgets.maxGzipKB[kind]} KB`)
  }
  if (!(summary.cls <= budgets.maxCls)) failures.push(`${template.name} (${template.path}): CLS ${summary.cls} > ${budgets.maxCls}`)
  if (summary.failedRequests.length > 0) failures.push(`${template.name} (${template.path}): failed requests: ${summary.failedRequests.join(', ')}`)
  if (summary.thirdPartyRequests.length > budgets.maxThirdPartyRequests) {
    failures.push(`${template.name} (${template.path}): requests to other origins: ${summary.thirdPartyRequests.join(', ')}`)
  }
  return failures
}
