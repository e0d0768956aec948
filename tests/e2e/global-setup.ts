import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { BASE_URL, E2E_DATABASE, E2E_RUNTIME, E2E_WRANGLER_STATE, e2eServerEnv, e2eWorkerEnv, SITE_BUILD_ENV } from '../../playwright.config'
import { FORM_PAGE_FILE } from '../../lib/universal/form-page'
import { startPreview } from '../../scripts/cloudflare-preview'
import { startWebhooks } from './lead-capture'
import { buildPagedSite } from './paged-site'
import { buildPublicationSite } from './publication-site'
import { E2E_DIST, runScript, startServer } from './sites'

// Before any browser test: builds every site the tests look at, once, each into its own folder under
// .tmp-e2e/, runs check:site on them, then starts the real server on the suite's site (port 4173). The
// builds happen here rather than in a test's hook, so no test waits on a build or shares the machine
// with one. The fake webhooks the lead tests read start here too, once for all their files and workers.
// Returns the teardown, which stops the server and the webhooks; the builds are kept (and their caches, so
// a second run on the same machine rebuilds little; `.ci/run` measures Lighthouse on the suite's site).
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now()
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
  const siteEnv = { ...process.env, ...SITE_BUILD_ENV }
  if (E2E_RUNTIME === 'cloudflare') {
    // The Worker in local workerd on the suite's site, on the same port: built by the Node run before
    // it (`npm test` runs that first), or here when there is none.
    if (!existsSync(join(E2E_DIST, 'client', '.assetsignore')) || !existsSync(join(E2E_DIST, FORM_PAGE_FILE))) runScript('scripts/run-build.mjs', siteEnv)
    rmSync(E2E_WRANGLER_STATE, { recursive: true, force: true })
    const stopWebhooks = await startWebhooks()
    const preview = await startPreview({
      clientDir: join(E2E_DIST, 'client'),
      state: E2E_WRANGLER_STATE,
      env: e2eWorkerEnv(),
      port: Number(new URL(BASE_URL).port),
    })
    console.log(`e2e: the Worker (npm run preview:cloudflare) on ${preview.origin} (${seconds()})`)
    return async () => {
      await preview.stop()
      await stopWebhooks()
    }
  }
  console.log(`e2e: building the site for ${BASE_URL} into ${E2E_DIST}`)
  runScript('scripts/run-build.mjs', siteEnv)
  console.log(`e2e: check:site on it (${seconds()})`)
  process.stdout.write(runScript('scripts/check-site.ts', siteEnv))
  console.log(`e2e: building the drafts-and-schedules site (publication.spec.ts) (${seconds()})`)
  buildPublicationSite()
  console.log(`e2e: building the paged topic index site (paging.spec.ts) (${seconds()})`)
  buildPagedSite()

  for (const suffix of ['', '-wal', '-shm']) rmSync(`${E2E_DATABASE}${suffix}`, { force: true })
  const stopWebhooks = await startWebhooks()
  const server = await startServer({ ...process.env, ...e2eServerEnv() })
  console.log(`e2e: sites built and checked, server on ${server.origin} (${seconds()})`)
  return async () => {
    await server.stop()
    await stopWebhooks()
  }
}
