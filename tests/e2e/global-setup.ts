import { rmSync } from 'node:fs'
import { BASE_URL, E2E_DATABASE, e2eServerEnv, SITE_BUILD_ENV } from '../../playwright.config'
import { buildPublicationSite } from './publication-site'
import { E2E_DIST, runScript, startServer } from './sites'

// Before any browser test: builds every site the tests look at, once, each into its own folder under
// .tmp-e2e/, runs check:site on them, then starts the real server on the suite's site (port 4173). The
// builds happen here rather than in a test's hook, so no test waits on a build or shares the machine
// with one. Returns the teardown, which stops the server; the builds are kept (and their caches, so a
// second run on the same machine rebuilds little; `.ci/run` measures Lighthouse on the suite's site).
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now()
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`
  const siteEnv = { ...process.env, ...SITE_BUILD_ENV }
  console.log(`e2e: building the site for ${BASE_URL} into ${E2E_DIST}`)
  runScript('scripts/build.ts', { ...siteEnv, BUILD_QUIET: '1' })
  console.log(`e2e: check:site on it (${seconds()})`)
  process.stdout.write(runScript('scripts/check-site.ts', siteEnv))
  console.log(`e2e: building the drafts-and-schedules site (publication.spec.ts) (${seconds()})`)
  buildPublicationSite()

  rmSync(E2E_DATABASE, { force: true })
  rmSync(`${E2E_DATABASE}-wal`, { force: true })
  rmSync(`${E2E_DATABASE}-shm`, { force: true })
  const server = await startServer({ ...process.env, ...e2eServerEnv() })
  console.log(`e2e: sites built and checked, server on ${server.origin} (${seconds()})`)
  return () => server.stop()
}
