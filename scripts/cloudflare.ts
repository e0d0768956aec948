// `npm run preview:cloudflare` and `npm run deploy:cloudflare`: the built site and the Worker in local
// workerd, or deployed, with the Worker's settings from this command's environment, checked first.
//   PORT=8787 npm run preview:cloudflare      offline, on 127.0.0.1:$PORT, state under .wrangler/
//   SITE_URL=https://example.com npm run deploy:cloudflare -- --dry-run   bundles into a temporary folder, contacts nobody
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { clientDir as builtClientDir } from '../lib/node/paths.server'
import { loadSite } from '../lib/node/site.server'
import { FORM_PAGE_FILE } from '../lib/universal/form-page'
import { NOT_FOUND_FILE } from '../lib/universal/routes'
import { leadRetentionDays, outboxTimeoutFromEnv, siteOriginFromEnv, webhooksFromEnv, type Env } from '../server/settings'
import { runWrangler, wranglerBin, wranglerEnv } from './wrangler'

/** The settings the Worker reads (worker/index.ts) that are not secret: `--var`s of the deploy. */
const WORKER_VARS = ['SCORE_WEBHOOK_URL', 'AFFILIATE_WEBHOOK_URL', 'OUTBOX_TIMEOUT_MS', 'ALLOW_HTTP_WEBHOOKS', 'LEAD_RETENTION_DAYS'] as const
/** Its keys: never on a command line, which `ps` shows every local user; a deploy uploads them as Worker secrets. */
const WORKER_SECRETS = ['FORM_TIMING_SECRET', 'SCORE_WEBHOOK_KEY', 'AFFILIATE_WEBHOOK_KEY'] as const

/** SITE_URL and each setting that is set, checked as the Worker checks them; throws naming the first that is wrong. */
function workerSettings(env: Env) {
  const vars: Record<string, string> = { SITE_URL: siteOriginFromEnv(env) }
  webhooksFromEnv(env)
  outboxTimeoutFromEnv(env)
  leadRetentionDays(env)
  const secrets: Record<string, string> = {}
  for (const name of WORKER_VARS) if (env[name]) vars[name] = env[name]
  for (const name of WORKER_SECRETS) if (env[name]) secrets[name] = env[name]
  return { vars, secrets }
}

/** Only this user may read it (0600); removed when this command exits. */
function privateFile(name: string, text: string, parent = tmpdir()): string {
  mkdirSync(parent, { recursive: true })
  const folder = mkdtempSync(join(parent, 'worker-settings-'))
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }))
  writeFileSync(join(folder, name), text, { mode: 0o600 })
  return join(folder, name)
}

/** An unescaped `$NAME` would be expanded by `wrangler dev --env-file`. */
function envFileText(settings: Record<string, string>): string {
  return Object.entries(settings)
    .map(([name, value]) => {
      if (/['\r\n]/.test(value)) throw new Error(`${name} holds a quote (') or a line break, which wrangler's env file cannot carry: choose a value without`)
      return `${name}='${value.replaceAll('$', '\\$')}'\n`
    })
    .join('')
}

const [command, ...args] = process.argv.slice(2)
const clientDir = builtClientDir()
// Without `.assetsignore` Workers would serve the Node server's files; without form-page.json, no page for a refused post.
for (const file of [join(clientDir, NOT_FOUND_FILE), join(clientDir, '.assetsignore'), join(dirname(clientDir), FORM_PAGE_FILE)])
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`npm run build\` first`)
    process.exit(1)
  }
const { values } = parseArgs({ args, strict: false, options: { 'persist-to': { type: 'string' }, 'dry-run': { type: 'boolean' }, outdir: { type: 'string' } } })
const persistTo = typeof values['persist-to'] === 'string' ? ['--persist-to', values['persist-to']] : []
// `--assets` follows DIST_DIR where wrangler.jsonc names dist/client; the Worker bundles the form page (worker/built.d.ts).
const formPage = JSON.stringify(JSON.parse(readFileSync(join(dirname(clientDir), FORM_PAGE_FILE), 'utf8')))
const common = ['--assets', clientDir, '--define', `BUILT_FORM_PAGE:${formPage}`, ...args]
const port = process.env.PORT ?? '8787'
if (command !== 'preview' && command !== 'deploy') {
  console.error('usage: tsx scripts/cloudflare.ts preview|deploy [wrangler options]')
  process.exit(1)
}
let wrangler: string[]
// The migrations applied first, to the preview's local D1 or the deployed one; a dry run contacts nobody.
let migrations: string[] | undefined
try {
  if (command === 'preview') {
    // The preview falls back on content/site.json's origin; a deployed Worker cannot read it.
    const { vars, secrets } = workerSettings({ ...process.env, SITE_URL: process.env.SITE_URL || loadSite().siteUrl })
    // Then wrangler reads no `.dev.vars` or `.env`. Beside the state, which its caller removes: SIGKILL runs no exit handler.
    const envFile = ['--env-file', privateFile('worker.env', envFileText({ ...vars, ...secrets }), persistTo[1])]
    wrangler = ['dev', '--ip', '127.0.0.1', '--port', port, '--local', '--show-interactive-dev-session=false', '--test-scheduled', ...envFile, ...common]
    migrations = ['--local', ...persistTo]
  } else {
    const { vars, secrets } = workerSettings(process.env)
    // `wrangler deploy` replaces the Worker's vars with these; secrets not given here keep their stored values.
    const varOptions = Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`])
    const secretsFile = Object.keys(secrets).length ? ['--secrets-file', privateFile('secrets.json', JSON.stringify(secrets))] : []
    const outdir = values['dry-run'] && values.outdir === undefined ? ['--outdir', mkdtempSync(join(tmpdir(), 'worker-bundle-'))] : []
    wrangler = ['deploy', ...varOptions, ...secretsFile, ...common, ...outdir]
    if (!values['dry-run']) migrations = ['--remote']
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
if (migrations) {
  const applied = runWrangler(['d1', 'migrations', 'apply', 'DB', ...migrations], { stdio: 'inherit' })
  if (applied.status !== 0) process.exit(applied.status ?? 1)
}
const child = spawn(process.execPath, [wranglerBin(), ...wrangler], { stdio: 'inherit', env: wranglerEnv() })
// Local workerd never fires Cron Triggers: the outbox's every minute and retention's every hour, as Cloudflare would.
if (command === 'preview') {
  const fire = (cron: string) => void fetch(`http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent(cron)}`).catch(() => undefined)
  setInterval(() => fire('* * * * *'), 60_000).unref()
  setInterval(() => fire('17 * * * *'), 60 * 60_000).unref()
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
