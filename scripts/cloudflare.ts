// `npm run preview:cloudflare` and `npm run deploy:cloudflare`: the built site and the Worker in local
// workerd, or deployed.
//   PORT=8787 npm run preview:cloudflare      offline, on 127.0.0.1:$PORT, state under .wrangler/
//   npm run deploy:cloudflare -- --dry-run    bundles into a temporary folder, contacts nobody
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { clientDir as builtClientDir } from '../lib/node/paths.server'
import { loadSite } from '../lib/node/site.server'
import { FORM_PAGE_FILE } from '../lib/universal/form-page'
import { NOT_FOUND_FILE } from '../lib/universal/routes'
import { runWrangler, wranglerBin, wranglerEnv } from './wrangler'

/** The settings `npm run serve` reads from its environment that the Worker reads as vars (a deployed Worker takes the keys as secrets). */
const WORKER_SETTINGS = [
  'FORM_TIMING_SECRET',
  'SCORE_WEBHOOK_URL',
  'SCORE_WEBHOOK_KEY',
  'AFFILIATE_WEBHOOK_URL',
  'AFFILIATE_WEBHOOK_KEY',
  'OUTBOX_TIMEOUT_MS',
  'ALLOW_HTTP_WEBHOOKS',
  'LEAD_RETENTION_DAYS',
] as const

/** The preview's `--var` options: the site's origin and each of WORKER_SETTINGS that is set. */
function workerVars(): string[] {
  const vars: Record<string, string | undefined> = { SITE_URL: process.env.SITE_URL || loadSite().siteUrl }
  for (const name of WORKER_SETTINGS) vars[name] = process.env[name] || undefined
  return Object.entries(vars).flatMap(([name, value]) => (value === undefined ? [] : ['--var', `${name}:${value}`]))
}

const [command, ...args] = process.argv.slice(2)
const clientDir = builtClientDir()
// A build from before `.assetsignore` would have Workers serve the Node server's own files; one from
// before form-page.json would leave the Worker without the page a refused form post gets.
for (const file of [join(clientDir, NOT_FOUND_FILE), join(clientDir, '.assetsignore'), join(dirname(clientDir), FORM_PAGE_FILE)])
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`npm run build\` first`)
    process.exit(1)
  }
const { values } = parseArgs({
  args,
  strict: false,
  options: { 'persist-to': { type: 'string' }, 'dry-run': { type: 'boolean' }, outdir: { type: 'string' } },
})
const persistTo = typeof values['persist-to'] === 'string' ? ['--persist-to', values['persist-to']] : []
// wrangler.jsonc names dist/client; `--assets` keeps its other settings and follows DIST_DIR. The Worker
// bundles the build's form page from beside it (worker/built.d.ts).
const formPage = JSON.stringify(JSON.parse(readFileSync(join(dirname(clientDir), FORM_PAGE_FILE), 'utf8')))
const common = ['--assets', clientDir, '--define', `BUILT_FORM_PAGE:${formPage}`, ...args]
const port = process.env.PORT ?? '8787'
let wrangler: string[]
// The migrations applied first, to the preview's local D1 or the deployed one; a dry run contacts nobody.
let migrations: string[] | undefined
if (command === 'preview') {
  wrangler = ['dev', '--ip', '127.0.0.1', '--port', port, '--local', '--show-interactive-dev-session=false', '--test-scheduled', ...workerVars(), ...common]
  migrations = ['--local', ...persistTo]
} else if (command === 'deploy') {
  const outdir = values['dry-run'] && values.outdir === undefined ? ['--outdir', mkdtempSync(join(tmpdir(), 'worker-bundle-'))] : []
  wrangler = ['deploy', ...common, ...outdir]
  if (!values['dry-run']) migrations = ['--remote']
} else {
  console.error('usage: tsx scripts/cloudflare.ts preview|deploy [wrangler options]')
  process.exit(1)
}
if (migrations) {
  const applied = runWrangler(['d1', 'migrations', 'apply', 'DB', ...migrations], { stdio: 'inherit' })
  if (applied.status !== 0) process.exit(applied.status ?? 1)
}
const child = spawn(process.execPath, [wranglerBin(), ...wrangler], { stdio: 'inherit', env: wranglerEnv() })
// Local workerd never fires Cron Triggers by itself: the preview fires the outbox's every minute and
// retention's every hour, as Cloudflare would.
if (command === 'preview') {
  const fire = (cron: string) => void fetch(`http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent(cron)}`).catch(() => undefined)
  setInterval(() => fire('* * * * *'), 60_000).unref()
  setInterval(() => fire('17 * * * *'), 60 * 60_000).unref()
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
