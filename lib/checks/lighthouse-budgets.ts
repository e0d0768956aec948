// The release budgets (lighthouse.budgets.json) and how a Lighthouse run is measured against them
// (Lighthouse 12 dropped its own budgets).
import { z } from 'zod'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]
const KINDS = { Script: 'script', Stylesheet: 'stylesheet', Document: 'document' } as const
type Kind = (typeof KINDS)[keyof typeof KINDS]

const budgetsSchema = z.strictObject({
  runsPerUrl: z.number().int().min(1),
  minScores: z.strictObject(Object.fromEntries(CATEGORIES.map((category) => [category, z.number()])) as Record<Category, z.ZodNumber>),
  maxGzipKB: z.strictObject(Object.fromEntries(Object.values(KINDS).map((kind) => [kind, z.number().positive()])) as Record<Kind, z.ZodNumber>),
  maxCls: z.number().min(0),
  maxThirdPartyRequests: z.number().int().min(0),
  templates: z
    .array(
      z
        .strictObject({
          name: z.string().min(1),
          /** A fixed route, or a kind of page made from content, whose URL is taken from the built site so that no slug is written here for a writer to break. */
          path: z.string().startsWith('/').optional(),
          sample: z.enum(['article', 'article with an image', 'topic', 'topic index page 2']).optional(),
          /** Exempts the template from the SEO score only. */
          noindex: z.boolean().optional(),
          status: z.number().int().optional(),
          /** Hold the API's answer past the trace: the referral shell leaves as soon as its click is answered. */
          holdApi: z.boolean().optional(),
        })
        .refine((template) => (template.path === undefined) !== (template.sample === undefined), {
          message: 'give a template either a path (a fixed route) or a sample (a page made from content), not both',
        }),
    )
    .min(1),
})

type Budgets = z.infer<typeof budgetsSchema>
type Template = Budgets['templates'][number]
/** A template with the URL it is measured on. */
type MeasuredTemplate = Template & { path: string }

/** What the samples are picked from: the paths of the built site's pages, and which of them show a content image. */
export interface BuiltSite {
  paths: readonly string[]
  showsImage: (path: string) => boolean
}

const isArticle = (path: string) => /^\/blog\/[^/]+$/.test(path)
const SAMPLE_RULES: Record<NonNullable<Template['sample']>, (path: string, site: BuiltSite) => boolean> = {
  article: (path, site) => isArticle(path) && !site.showsImage(path),
  'article with an image': (path, site) => isArticle(path) && site.showsImage(path),
  topic: (path) => /^\/topics\/[^/]+$/.test(path),
  // The topic index's second page: every site of more than one page of topics has it (lib/universal/content/topic-pages.ts).
  'topic index page 2': (path) => path === '/topics/page/2',
}

/**
 * Every template with the URL to measure: for a sample, the first page of its kind in the sorted paths. A
 * kind the site has no page of is named in `unsampled`, so a writer's change never fails the check for it.
 */
export function sampleTemplates(templates: readonly Template[], site: BuiltSite): { measured: MeasuredTemplate[]; unsampled: string[] } {
  const paths = [...site.paths].sort()
  const measured: MeasuredTemplate[] = []
  const unsampled: string[] = []
  for (const template of templates) {
    const path = template.path ?? paths.find((candidate) => SAMPLE_RULES[template.sample!](candidate, site))
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
  gzipBytes: Record<Kind, number>
  cls: number
  fcpMs: number
  thirdPartyRequests: string[]
  documentStatus: number | undefined
  /** Other requests of the page that answered 400 or more: a missing asset. */
  failedRequests: string[]
}

export interface LighthouseResult {
  categories: Record<string, { score: number | null } | undefined>
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } } | undefined>
}

export const networkRequests = (lhr: LighthouseResult) =>
  (lhr.audits['network-requests']?.details?.items ?? []) as Array<{ url: string; resourceType?: string; statusCode?: number }>

/** `gzipSize` gives the gzipped size of one same-origin URL. */
export function summarizeRun(lhr: LighthouseResult, origin: string, gzipSize: (url: string) => number): RunSummary {
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, lhr.categories[category]?.score ?? 0])) as Record<Category, number>
  const gzipBytes: Record<Kind, number> = { script: 0, stylesheet: 0, document: 0 }
  const thirdPartyRequests: string[] = []
  const requests = networkRequests(lhr)
  for (const request of requests) {
    if (!/^https?:/.test(request.url)) continue
    if (new URL(request.url).origin !== origin) {
      thirdPartyRequests.push(request.url)
      continue
    }
    const kind = KINDS[request.resourceType as keyof typeof KINDS]
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

/**
 * One summary of several runs of the same URL. The performance score is the best run's, as Lighthouse
 * CI's assertions take it by default ("optimistic"): on a shared machine the host only ever adds time
 * to a run, never takes it away, so the least disturbed run is the closest to the page's own cost, and
 * a page whose work misses the budget misses it in every run. Every other figure is the median.
 */
export function aggregateRuns(runs: RunSummary[]): RunSummary {
  const pick = <K extends string>(read: (run: RunSummary) => Record<K, number>) =>
    Object.fromEntries(Object.keys(read(runs[0]!)).map((key) => [key, median(runs.map((run) => read(run)[key as K]))])) as Record<K, number>
  return {
    scores: { ...pick((run) => run.scores), performance: Math.max(...runs.map((run) => run.scores.performance)) },
    gzipBytes: pick((run) => run.gzipBytes),
    ...pick(({ cls, fcpMs }) => ({ cls, fcpMs })),
    thirdPartyRequests: [...new Set(runs.flatMap((run) => run.thirdPartyRequests))],
    // A status that changed between runs is no status at all: it fails the check.
    documentStatus: runs.every((run) => run.documentStatus === runs[0]?.documentStatus) ? runs[0]?.documentStatus : undefined,
    failedRequests: [...new Set(runs.flatMap((run) => run.failedRequests))],
  }
}

/** Lighthouse's default CPU slowdown, and the benchmark index from which a host is fast enough for it. */
const DEFAULT_CPU_SLOWDOWN = 4
const FULL_SLOWDOWN_INDEX = 1500

/**
 * The CPU slowdown that makes this host stand in for the same mid-tier phone: on a host slower than a
 * high-end desktop the default 4x would simulate a slower phone than the budgets were set for
 * (Lighthouse's throttling guide, "Calibrating the CPU slowdown").
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!(benchmarkIndex > 0)) return DEFAULT_CPU_SLOWDOWN
  const scaled = (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / FULL_SLOWDOWN_INDEX
  return Math.round(Math.min(DEFAULT_CPU_SLOWDOWN, Math.max(1, scaled)) * 10) / 10
}

/** Every budget a template's summary of runs misses, as sentences naming the template. */
export function budgetFailures(template: MeasuredTemplate, summary: RunSummary, budgets: Budgets): string[] {
  const { minScores, maxGzipKB, maxCls, maxThirdPartyRequests } = budgets
  const status = template.status ?? 200
  const kb = (kind: Kind) => summary.gzipBytes[kind] / 1024
  const failures = [
    ...(summary.documentStatus !== status ? [`status ${summary.documentStatus}, expected ${status}`] : []),
    ...CATEGORIES.filter((category) => !(category === 'seo' && template.noindex) && summary.scores[category] < minScores[category]).map(
      (category) => `${category} ${summary.scores[category]} < ${minScores[category]}`,
    ),
    ...Object.values(KINDS)
      .filter((kind) => kb(kind) > maxGzipKB[kind])
      .map((kind) => `${kind} ${kb(kind).toFixed(1)} KB gzipped > ${maxGzipKB[kind]} KB`),
    ...(summary.cls <= maxCls ? [] : [`CLS ${summary.cls} > ${maxCls}`]),
    ...(summary.failedRequests.length > 0 ? [`failed requests: ${summary.failedRequests.join(', ')}`] : []),
    ...(summary.thirdPartyRequests.length > maxThirdPartyRequests ? [`requests to other origins: ${summary.thirdPartyRequests.join(', ')}`] : []),
  ]
  return failures.map((failure) => `${template.name} (${template.path}): ${failure}`)
}
