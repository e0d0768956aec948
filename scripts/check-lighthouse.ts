// `npm run check:lighthouse [-- --only topic]`: `lhci autorun` with lighthouserc.cjs, then a table of each template's
// runs; exits 1 when an assertion fails. `--only` keeps the templates whose name contains its text.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { lighthouseTargets } from '../lib/checks/lighthouse-budgets'

const REPORT_DIR = join('reports', 'lighthouse')
/** Where lhci keeps its runs between its commands: in the working directory, whatever the configuration says. */
const LHCI_DIR = '.lighthouseci'

const { values: options } = parseArgs({ options: { only: { type: 'string' } } })
const only = options.only ?? ''
let chosen: ReturnType<typeof lighthouseTargets>
try {
  chosen = lighthouseTargets(only)
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
for (const line of chosen.unsampled) console.log(`check:lighthouse: ${line}`)

// This run's reports only.
rmSync(REPORT_DIR, { recursive: true, force: true })
mkdirSync(REPORT_DIR, { recursive: true })
const started = Date.now()
const lhci = createRequire(import.meta.url).resolve('@lhci/cli/src/cli.js')
const { status } = spawnSync(process.execPath, [lhci, 'autorun', '--config=lighthouserc.cjs'], {
  stdio: 'inherit',
  env: { ...process.env, LIGHTHOUSE_ONLY: only },
})

interface Lhr {
  requestedUrl: string
  categories: Record<string, { score: number | null }>
  audits: Record<string, { numericValue?: number; details?: { items?: Array<{ resourceType?: string; transferSize?: number; requestCount?: number }> } }>
}
const runFiles = existsSync(LHCI_DIR) ? readdirSync(LHCI_DIR).filter((file) => /^lhr-\d+\.json$/.test(file)) : []
const lhrs = runFiles.map((file) => JSON.parse(readFileSync(join(LHCI_DIR, file), 'utf8')) as Lhr)
const summary = (lhr: Lhr, type: string) => lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === type)
const kb = (lhr: Lhr, type: string) => ((summary(lhr, type)?.transferSize ?? 0) / 1024).toFixed(1)
const score = (lhr: Lhr, category: string) => lhr.categories[category]?.score ?? 'none'
const rows = chosen.targets.map((target) => {
  const runs = lhrs.filter((lhr) => lhr.requestedUrl === target.url)
  const performance = runs.map((lhr) => lhr.categories.performance?.score ?? 0).sort((a, b) => a - b)
  const last = runs.at(-1)
  return {
    template: target.name,
    path: target.path,
    'perf median': performance[Math.floor((performance.length - 1) / 2)],
    'perf runs': runs.map((lhr) => lhr.categories.performance?.score).join(' '),
    a11y: runs.map((lhr) => score(lhr, 'accessibility')).join(' '),
    'best pr.': runs.map((lhr) => score(lhr, 'best-practices')).join(' '),
    seo: runs.map((lhr) => score(lhr, 'seo')).join(' '),
    'JS KB': last && kb(last, 'script'),
    'CSS KB': last && kb(last, 'stylesheet'),
    'HTML KB': last && kb(last, 'document'),
    requests: last && summary(last, 'total')?.requestCount,
    shifts: runs.map((lhr) => lhr.audits['layout-shift-events']?.numericValue?.toFixed(3)).join(' '),
  }
})
console.log(
  `\ncheck:lighthouse: ${lhrs.length} runs in ${Math.round((Date.now() - started) / 1000)} s (bytes as transferred, gzipped, headers included; shifts: layout-shift-events); reports in ${REPORT_DIR}/`,
)
console.table(rows)
if (existsSync(join(LHCI_DIR, 'assertion-results.json'))) copyFileSync(join(LHCI_DIR, 'assertion-results.json'), join(REPORT_DIR, 'assertion-results.json'))
rmSync(LHCI_DIR, { recursive: true, force: true })
if (status === 0) console.log('check:lighthouse: every template meets its budgets')
else console.error(`check:lighthouse: lhci exited ${status}: a budget missed or a run failed, as printed above`)
process.exit(status ?? 1)
